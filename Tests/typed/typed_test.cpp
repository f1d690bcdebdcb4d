// The C++ overloads of the generated header (NAME(const lokale::Bundle &, typed arguments…) →
// std::string): each must answer what lokale::Bundle::format / lokale::format_named / string
// answer for the same message and arguments. Built with -Wall -Wextra -Werror (see run.sh).
#include "tables_messages.h"
#include "arb_messages.h"
#include "mf2_messages.h"
#include <cstdio>
#include <string>

static int failures = 0, checks = 0;

static void expect_equal(const char *what, const std::string &got, const std::string &want) {
    checks++;
    if (got != want) {
        failures++;
        std::fprintf(stderr, "FAIL %s: got '%s', want '%s'\n", what, got.c_str(), want.c_str());
    }
}

int main(int argc, char **argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: typed_test_cpp DIR\n");
        return 2;
    }
    const std::string dir = argv[1];
    lokale::Runtime runtime;
    lokale::Bundle tables = runtime.open(dir + "/Tables.lokale");
    lokale::Bundle arb = runtime.open(dir + "/ARB.lokale");
    lokale::Bundle mf2 = runtime.open(dir + "/MF2.lokale");
    for (const char *language : {"en", "fr", "ar"}) {
        runtime.set_preferred_languages({language});
        expect_equal("files", tables_localizable_files(tables, 3),
                     tables.format(lokale::message(TABLES_LOCALIZABLE_FILES, "", "Localizable"), 3));
        expect_equal("distance", tables_localizable_distance(tables, 2.5, 7),
                     tables.format(lokale::message(TABLES_LOCALIZABLE_DISTANCE, "", "Localizable"), 2.5, 7));
        std::string name = "Ana";
        expect_equal("greeting", tables_localizable_greeting(tables, name),
                     tables.format(lokale::message(TABLES_LOCALIZABLE_GREETING, "", "Localizable"), "Ana"));
        expect_equal("Menu open", tables_menu_open(tables), tables.string(lokale::message(TABLES_MENU_OPEN, "", "Menu")));
        expect_equal("inbox", arb_localizable_inbox(arb, 3, "Ana"),
                     lokale::format_named(arb, lokale::message(ARB_LOCALIZABLE_INBOX), {{"count", 3}, {"name", "Ana"}}));
        expect_equal("invite", mf2_localizable_invite(mf2, 2, "female", "Ana"),
                     lokale::format_named(mf2, lokale::message(MF2_LOCALIZABLE_INVITE),
                                          {{"count", 2}, {"gender", "female"}, {"host", "Ana"}}));
        expect_equal("due", mf2_localizable_due(mf2, 1782066600.0),
                     lokale::format_named(mf2, lokale::message(MF2_LOCALIZABLE_DUE), {{"when", lokale::timestamp{1782066600.0}}}));
        if (std::string(language) == "fr") expect_equal("files in fr", tables_localizable_files(tables, 3), "3 fichiers");
    }
    std::printf("typed C++ accessors: %d checks, %d failed\n", checks, failures);
    return failures ? 1 : 0;
}
