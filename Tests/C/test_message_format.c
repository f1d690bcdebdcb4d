/* MessageFormat 2 messages given as source through the C ABI: made once, formatted with named
 * arguments (numbers, text, moments), problems beside the text, refusals with their position,
 * handles checked, one message formatted from several threads at once, and results as parts
 * (markup with its options, values with their source and fields). */
#include "check.h"

#include <pthread.h>
#include <stdlib.h>

typedef int (*mf_call)(char *, size_t, size_t *, const lokale_message_format *, const lokale_named_arg *, size_t);

/* What lokale_message_format_format or _problems writes, in a static buffer (or the error). */
static const char *mf_text(mf_call call, const lokale_message_format *mf, const lokale_named_arg *args, size_t n) {
    static char out[512];
    size_t needed = 0;
    int rc = call(out, sizeof out, &needed, mf, args, n);
    if (rc != LOKALE_OK) snprintf(out, sizeof out, "<error %s>", lokale_status_name(rc));
    return out;
}
#define mf_format(mf, args, n) mf_text(lokale_message_format_format, (mf), (args), (n))
#define mf_problems(mf, args, n) mf_text(lokale_message_format_problems, (mf), (args), (n))

#define FILES_FR ".input {$count :integer} .match $count one {{{$count} fichier}} * {{{$count} fichiers}}"

static void *format_in_thread(void *arg) {
    const lokale_message_format *mf = arg;
    long wrong = 0;
    for (int64_t n = 0; n < 300; n++) {
        char out[128], want[128];
        size_t needed = 0;
        lokale_named_arg a = lokale_named("count", lokale_arg_int(n));
        snprintf(want, sizeof want, "%lld %s", (long long)n, n < 2 ? "fichier" : "fichiers");
        if (lokale_message_format_format(out, sizeof out, &needed, mf, &a, 1) != LOKALE_OK || strcmp(out, want) != 0) wrong++;
    }
    return (void *)wrong;
}

/* Part i of parts (NULL when refused). */
static const lokale_part *part(const lokale_formatted_parts *parts, size_t i) {
    const lokale_part *p = NULL;
    return lokale_formatted_parts_get(&p, parts, i) == LOKALE_OK ? p : NULL;
}

static void test_parts(void) {
    lokale_message_format *mf = NULL;
    CHECK(lokale_message_format_new(&mf, "Hi {#link href=|/u/1| u:id=l1}{$name}{/link}: {$n :number} {$missing}{#br/}", -1, "en") == LOKALE_OK);
    lokale_named_arg args[2] = {lokale_named("name", lokale_arg_string("Léa")), lokale_named("n", lokale_arg_int(-1234))};
    lokale_formatted_parts *parts = (lokale_formatted_parts *)1;
    CHECK(lokale_message_format_format_to_parts(&parts, mf, args, 2) == LOKALE_OK && parts != NULL);
    /* text, open, FSI, Léa, PDI, close, text, -1,234, text, FSI, {$missing}, PDI, standalone */
    CHECK(lokale_formatted_parts_count(parts) == 13);
    const lokale_part *p = part(parts, 0);
    CHECK(p && p->kind == LOKALE_PART_TEXT && strcmp(p->value, "Hi ") == 0 && p->value_len == 3 && p->id == NULL);
    p = part(parts, 1);
    CHECK(p && p->kind == LOKALE_PART_MARKUP_OPEN && strcmp(p->name, "link") == 0 && p->value_len == 0 && p->id &&
          strcmp(p->id, "l1") == 0 && p->option_count == 1 && strcmp(p->options[0].name, "href") == 0 &&
          strcmp(p->options[0].value, "/u/1") == 0 && p->options[0].value_len == 4);
    p = part(parts, 2);
    CHECK(p && p->kind == LOKALE_PART_BIDI_ISOLATION && strcmp(p->value, "\u2068") == 0);
    p = part(parts, 3);
    CHECK(p && p->kind == LOKALE_PART_EXPRESSION && strcmp(p->value, "Léa") == 0 && p->value_len == 4 &&
          strcmp(p->source, "$name") == 0 && strcmp(p->name, "string") == 0 && strcmp(p->locale, "en") == 0 &&
          p->dir == LOKALE_DIR_UNSET && p->field_count == 0 && p->fields == NULL);
    p = part(parts, 5);
    CHECK(p && p->kind == LOKALE_PART_MARKUP_CLOSE && strcmp(p->name, "link") == 0 && p->option_count == 0 && p->options == NULL);
    p = part(parts, 7);
    CHECK(p && p->kind == LOKALE_PART_EXPRESSION && strcmp(p->value, "-1,234") == 0 && strcmp(p->name, "number") == 0 &&
          strcmp(p->source, "$n") == 0 && p->field_count == 4 && strcmp(p->fields[0].name, "minusSign") == 0 &&
          strcmp(p->fields[1].name, "integer") == 0 && strcmp(p->fields[1].value, "1") == 0 &&
          strcmp(p->fields[2].name, "group") == 0 && strcmp(p->fields[3].value, "234") == 0);
    p = part(parts, 10);
    CHECK(p && p->kind == LOKALE_PART_FALLBACK && strcmp(p->value, "{$missing}") == 0 && strcmp(p->source, "$missing") == 0);
    p = part(parts, 12);
    CHECK(p && p->kind == LOKALE_PART_MARKUP_STANDALONE && strcmp(p->name, "br") == 0);
    /* The values concatenate to the text; the problems are the same as _problems gives. */
    char joined[256] = "";
    for (size_t i = 0; i < lokale_formatted_parts_count(parts); i++) strcat(joined, part(parts, i)->value);
    const char *text = NULL, *problems = NULL;
    size_t text_len = 0;
    CHECK(lokale_formatted_parts_text(&text, &text_len, parts) == LOKALE_OK && strcmp(text, joined) == 0 && text_len == strlen(joined));
    CHECK_STR(text, "Hi \u2068Léa\u2069: -1,234 \u2068{$missing}\u2069");
    CHECK(lokale_formatted_parts_problems(&problems, NULL, parts) == LOKALE_OK);
    CHECK_STR(problems, mf_problems(mf, args, 2));
    CHECK(strstr(problems, "unresolved-variable") == problems);
    /* Refusals: an index past the end, NULL out, a parts object as a format, a format as parts. */
    const lokale_part *none = (const lokale_part *)1;
    CHECK(lokale_formatted_parts_get(&none, parts, 13) == LOKALE_EINVAL && none == NULL);
    CHECK(lokale_formatted_parts_get(NULL, parts, 0) == LOKALE_EINVAL);
    CHECK(lokale_formatted_parts_get(&none, NULL, 0) == LOKALE_EINVAL);
    CHECK(lokale_formatted_parts_text(&text, NULL, (const lokale_formatted_parts *)mf) == LOKALE_EINVAL);
    CHECK(strstr(lokale_last_error(), "lokale_message_format") != NULL);
    char out[64];
    size_t needed;
    CHECK(lokale_message_format_format(out, sizeof out, &needed, (const lokale_message_format *)parts, NULL, 0) == LOKALE_EINVAL);
    CHECK(lokale_formatted_parts_count(NULL) == 0);
    lokale_formatted_parts *refused = (lokale_formatted_parts *)1;
    CHECK(lokale_message_format_format_to_parts(&refused, mf, NULL, 1) == LOKALE_EINVAL && refused == NULL);
    CHECK(lokale_message_format_format_to_parts(NULL, mf, args, 2) == LOKALE_EINVAL);
    CHECK(lokale_message_format_format_to_parts(&refused, NULL, args, 2) == LOKALE_EINVAL);
    /* Strings lent stay valid after the message format is freed; a freed parts object is refused. */
    lokale_message_format_free(mf);
    CHECK(strcmp(part(parts, 3)->value, "Léa") == 0);
    lokale_formatted_parts_free(parts);
    CHECK(lokale_formatted_parts_count(parts) == 0);
    CHECK(lokale_formatted_parts_get(&none, parts, 0) == LOKALE_EINVAL && strstr(lokale_last_error(), "freed") != NULL);
    lokale_formatted_parts_free(parts); /* twice: nothing */
    lokale_formatted_parts_free(NULL);
}

/* The fast path (a plural on an integer) and the general one agree on every count, and on what
 * the fast path leaves to the general one (text, a double, a missing argument). */
static void test_fast_and_general_agree(void) {
    const char *locales[] = {"en", "fr", "ru", "ar", "ja"};
    for (size_t l = 0; l < sizeof locales / sizeof *locales; l++) {
        lokale_message_format *mf = NULL;
        CHECK(lokale_message_format_new(&mf, ".input {$count :integer}\n.match $count\n0 {{none}} one {{You have {$count} file, {$who}.}}\n"
                                             "* {{You have {$count} files, {$who}.}}", -1, locales[l]) == LOKALE_OK);
        long wrong = 0;
        for (int64_t n = -1001; n <= 1100000; n = n < 2000 ? n + 1 : n * 3) {
            lokale_named_arg a[2] = {lokale_named("count", lokale_arg_int(n)), lokale_named("who", lokale_arg_string("Ana"))};
            char fast[256];
            size_t needed = 0;
            lokale_formatted_parts *parts = NULL;
            const char *text = NULL;
            if (lokale_message_format_format(fast, sizeof fast, &needed, mf, a, 2) != LOKALE_OK ||
                lokale_message_format_format_to_parts(&parts, mf, a, 2) != LOKALE_OK ||
                lokale_formatted_parts_text(&text, NULL, parts) != LOKALE_OK || strcmp(fast, text) != 0 || needed != strlen(text))
                wrong++;
            lokale_formatted_parts_free(parts);
        }
        CHECK(wrong == 0);
        lokale_named_arg a = lokale_named("count", lokale_arg_int(3));
        char out[8];
        size_t needed = 0;
        CHECK(lokale_message_format_format(out, sizeof out, &needed, mf, &a, 1) == LOKALE_ETRUNCATED && needed > 8);
        CHECK(lokale_message_format_format(NULL, 0, &needed, mf, &a, 1) == LOKALE_ETRUNCATED && needed > 8);
        lokale_message_format_free(mf);
    }
}

void test_message_format(void) {
    test_parts();
    test_fast_and_general_agree();
    lokale_message_format *mf = NULL;
    CHECK(lokale_message_format_new(&mf, FILES_FR, -1, "fr") == LOKALE_OK && mf != NULL);
    lokale_named_arg one = lokale_named("count", lokale_arg_int(1));
    lokale_named_arg many = lokale_named("count", lokale_arg_uint(1000000));
    CHECK_STR(mf_format(mf, &one, 1), "1 fichier");
    CHECK_STR(mf_format(mf, &many, 1), "1\u202f000\u202f000 fichiers");
    /* A number given as text keeps its digits; the argument's name given with a length. */
    lokale_named_arg text = {"count_and_more", 5, lokale_arg_string("0"), NULL};
    CHECK_STR(mf_format(mf, &text, 1), "0 fichier");
    /* No argument: the fallback, and the problems beside it. */
    CHECK_STR(mf_format(mf, NULL, 0), "\u2068{$count}\u2069 fichiers");
    const char *p = mf_problems(mf, NULL, 0);
    CHECK(strstr(p, "unresolved-variable: ") == p && strstr(p, "\nbad-operand: ") != NULL);
    CHECK_STR(mf_problems(mf, &one, 1), "");
    /* Several threads format one message at once. */
    pthread_t threads[4];
    for (int i = 0; i < 4; i++) pthread_create(&threads[i], NULL, format_in_thread, mf);
    long wrong = 0;
    for (int i = 0; i < 4; i++) {
        void *w = NULL;
        pthread_join(threads[i], &w);
        wrong += (long)w;
    }
    CHECK(wrong == 0);
    lokale_message_format_free(mf);

    /* Strings, selection on a string, a moment in a time zone. */
    const char *src = ".input {$gender :string} .match $gender female {{{$name} est arrivée le {$when :date style=long}.}} "
                      "* {{{$name} est arrivé le {$when :date style=long}.}}";
    CHECK(lokale_message_format_new(&mf, src, -1, "fr") == LOKALE_OK);
    lokale_named_arg args[3] = {lokale_named("name", lokale_arg_string("Léa")), lokale_named("gender", lokale_arg_string("female")),
                                lokale_named("when", lokale_arg_timestamp(1136214245.0))};
    args[2].time_zone = "Europe/Paris";
    CHECK_STR(mf_format(mf, args, 3), "\u2068Léa\u2069 est arrivée le 2 janvier 2006.");
    args[1].value = lokale_arg_string("male");
    CHECK_STR(mf_format(mf, args, 3), "\u2068Léa\u2069 est arrivé le 2 janvier 2006.");
    /* 23:30 UTC is the next day in Paris: the time zone is the argument's. */
    args[2].value = lokale_arg_timestamp(1136244600.0);
    CHECK_STR(mf_format(mf, args, 3), "\u2068Léa\u2069 est arrivé le 3 janvier 2006.");
    args[2].time_zone = NULL;
    CHECK_STR(mf_format(mf, args, 3), "\u2068Léa\u2069 est arrivé le 2 janvier 2006.");
    /* Bad arguments: a nameless one, an unknown type, NULL args with a count. */
    lokale_named_arg nameless = {NULL, -1, lokale_arg_int(1), NULL};
    char out[64];
    size_t needed;
    CHECK(lokale_message_format_format(out, sizeof out, &needed, mf, &nameless, 1) == LOKALE_EINVAL);
    lokale_named_arg odd = lokale_named("name", lokale_arg_int(1));
    odd.value.type = 99;
    CHECK(lokale_message_format_format(out, sizeof out, &needed, mf, &odd, 1) == LOKALE_EINVAL);
    CHECK(lokale_message_format_format(out, sizeof out, &needed, mf, NULL, 2) == LOKALE_EINVAL);
    /* Too small a buffer: the size needed. */
    CHECK(lokale_message_format_format(out, 4, &needed, mf, args, 3) == LOKALE_ETRUNCATED && needed > 4);
    lokale_message_format_free(mf);

    /* Refused messages: the error names the line and column. */
    lokale_message_format *bad = (lokale_message_format *)1;
    CHECK(lokale_message_format_new(&bad, "Hello {$name", -1, "en") == LOKALE_EFORMAT && bad == NULL);
    CHECK(strstr(lokale_last_error(), "1:13") != NULL);
    CHECK(lokale_message_format_new(&bad, ".input {$n :number} .match $n 1 {{one}}", -1, "en") == LOKALE_EFORMAT);
    CHECK(strstr(lokale_last_error(), "missing-fallback-variant") != NULL);
    CHECK(lokale_message_format_new(&bad, "{x}", -1, "not a locale!") == LOKALE_EINVAL);
    CHECK(lokale_message_format_new(&bad, NULL, 3, "en") == LOKALE_EINVAL);
    CHECK(lokale_message_format_new(NULL, "x", -1, "en") == LOKALE_EINVAL);
    /* Handles: a freed one, another kind, NULL; free is safe on NULL and twice. */
    CHECK(lokale_message_format_new(&mf, "x", -1, "en") == LOKALE_OK);
    lokale_message_format_free(mf);
    CHECK(lokale_message_format_format(out, sizeof out, &needed, mf, NULL, 0) == LOKALE_EINVAL);
    CHECK(strstr(lokale_last_error(), "freed") != NULL);
    lokale_message_format_free(mf);
    lokale_message_format_free(NULL);
    const char *langs[] = {"en"};
    lokale_runtime *rt = runtime_with(langs, 1);
    CHECK(lokale_message_format_format(out, sizeof out, &needed, (const lokale_message_format *)rt, NULL, 0) == LOKALE_EINVAL);
    CHECK(strstr(lokale_last_error(), "lokale_runtime") != NULL);
    lokale_runtime_free(rt);
}
