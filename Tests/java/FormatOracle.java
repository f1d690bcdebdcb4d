// java.util.Formatter as a reference for Lokale's Java specifiers (JavaDifferentialTests).
// Reads lines of tab-separated fields from stdin, writes one line per input line:
//   F <tag> <pattern> <arg>...  ->  OK <result> | EX <exception class>
//   S <tag>                     ->  OK <zero digit> <decimal separator> <grouping separator> <grouping size>
//   D <bits>                    ->  OK <Double.toString>
// Texts (pattern, string arguments, results) travel as hexadecimal UTF-8, so no byte is lost.
// An argument is L<decimal long>, I<decimal int> (for %c), B<decimal BigInteger>, D<hex bits of a double>, S<hex UTF-8>.
import java.io.*;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.text.NumberFormat;
import java.util.Locale;

public class FormatOracle {
    static String hex(String s) {
        StringBuilder b = new StringBuilder();
        for (byte x : s.getBytes(StandardCharsets.UTF_8)) b.append(String.format("%02x", x & 0xff));
        return b.toString();
    }

    static String unhex(String h) {
        byte[] out = new byte[h.length() / 2];
        for (int i = 0; i < out.length; i++) out[i] = (byte) Integer.parseInt(h.substring(2 * i, 2 * i + 2), 16);
        return new String(out, StandardCharsets.UTF_8);
    }

    static Object argument(String a) {
        String v = a.substring(1);
        switch (a.charAt(0)) {
            case 'L': return Long.parseLong(v);
            case 'I': return Integer.parseInt(v);
            case 'B': return new BigInteger(v);
            case 'D': return Double.longBitsToDouble(Long.parseUnsignedLong(v, 16));
            default: return unhex(v);
        }
    }

    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        PrintStream out = new PrintStream(new BufferedOutputStream(System.out), false, "UTF-8");
        String line;
        while ((line = in.readLine()) != null) {
            String[] f = line.split("\t", -1);
            try {
                if (f[0].equals("F")) {
                    Object[] a = new Object[f.length - 3];
                    for (int i = 3; i < f.length; i++) a[i - 3] = argument(f[i]);
                    out.println("OK\t" + hex(String.format(Locale.forLanguageTag(f[1]), unhex(f[2]), a)));
                } else if (f[0].equals("S")) {
                    Locale l = Locale.forLanguageTag(f[1]);
                    DecimalFormatSymbols s = DecimalFormatSymbols.getInstance(l);
                    NumberFormat nf = NumberFormat.getNumberInstance(l);
                    int size = nf instanceof DecimalFormat && nf.isGroupingUsed() ? ((DecimalFormat) nf).getGroupingSize() : 0;
                    out.println("OK\t" + hex(String.valueOf(s.getZeroDigit())) + "\t" + hex(String.valueOf(s.getDecimalSeparator()))
                            + "\t" + hex(String.valueOf(s.getGroupingSeparator())) + "\t" + size);
                } else {
                    out.println("OK\t" + hex(Double.toString(Double.longBitsToDouble(Long.parseUnsignedLong(f[1], 16)))));
                }
            } catch (Exception e) {
                out.println("EX\t" + e.getClass().getSimpleName());
            }
        }
        out.flush();
    }
}
