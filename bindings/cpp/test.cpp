// Tests of lokale.hpp against the real example bundles (build/examples) and the C tests' Android
// and ARB bundles (Tests/C/fixtures, compiled by `make test-cpp`).
// usage: test_cpp DIR TESTS   (DIR holds DesktopApp.lokale, DesktopAppMixed.lokale, PanelKit.lokale,
//                              Party.lokale, AndroidApp.lokale; TESTS Android.lokale and ARB.lokale)
#include "lokale.hpp"

#include <atomic>
#include <thread>

#include <cstdio>
#include <fstream>
#include <iterator>
#include <iostream>
#include <string>
#include <type_traits>
#include <vector>

static int passed, failed;

#define CHECK(cond)                                                                       \
    do {                                                                                  \
        if (cond) passed++;                                                               \
        else { failed++; std::cerr << __FILE__ << ":" << __LINE__ << ": CHECK(" #cond ") failed\n"; } \
    } while (0)

#define CHECK_EQ(a, b)                                                                    \
    do {                                                                                  \
        auto va_ = (a); auto vb_ = (b);                                                   \
        if (va_ == vb_) passed++;                                                         \
        else { failed++; std::cerr << __FILE__ << ":" << __LINE__ << ": " #a " == " #b ": got \"" \
                                   << va_ << "\", expected \"" << vb_ << "\"\n"; }       \
    } while (0)

// Runs f, which must throw lokale::error with that status.
template <class F>
static void check_throws(int status, F f, int line) {
    try {
        f();
        failed++;
        std::cerr << __FILE__ << ":" << line << ": expected lokale::error " << lokale_status_name(status) << "\n";
    } catch (const lokale::error &e) {
        if (e.status() == status && std::string(e.what()).find(e.status_name()) == 0) passed++;
        else { failed++; std::cerr << __FILE__ << ":" << line << ": got " << e.what() << "\n"; }
    }
}
#define CHECK_THROWS(status, expr) check_throws(status, [&] { (void)(expr); }, __LINE__)

static_assert(!std::is_copy_constructible_v<lokale::Runtime>, "Runtime is move-only");
static_assert(!std::is_copy_constructible_v<lokale::Bundle>, "Bundle is move-only");
static_assert(std::is_nothrow_move_constructible_v<lokale::Bundle>, "Bundle moves without throwing");
static_assert(std::is_nothrow_move_constructible_v<lokale::Runtime>, "Runtime moves without throwing");
static_assert(std::is_base_of_v<std::runtime_error, lokale::error>, "lokale::error is a runtime_error");
static_assert(!std::is_constructible_v<lokale::arg, bool>, "bool is not a format argument");

static std::ostream &operator<<(std::ostream &out, lokale::step s) { return out << static_cast<int>(s); }

struct row {
    std::vector<std::string> prefs;
    const char *bundle;      // "app" or "panel"
    const char *key;
    const char *def;         // default value or nullptr
    const char *text;
    lokale::step step;
};

static void decision_table(const std::string &dir) {
    using S = lokale::step;
    const row rows[] = {
        {{"de-DE"}, "app", "workspace.title", "Workspace", "Arbeitsbereich", S::translation},
        {{"it", "fr-CA"}, "app", "workspace.title", "Workspace", "Espace de travail", S::later_preference},
        {{"it"}, "app", "workspace.title", "Workspace", "Workspace", S::development},
        {{"de-DE"}, "panel", "panel.ready.probe", "Panel ready", "Panel ready", S::default_value},
        {{"de-DE"}, "panel", "panel.ready.probe", nullptr, "panel.ready.probe", S::key},
        {{"ja-JP"}, "panel", "panel.ready", "Panel ready", "Panel ready", S::development},
        {{"de-DE"}, "panel", "panel.ready", nullptr, "Panel bereit", S::translation},
    };
    for (const row &r : rows) {
        lokale::runtime_options options;
        options.preferred_languages = r.prefs;
        options.settings_path = "";
        lokale::Runtime runtime(options);
        lokale::Bundle app = runtime.open(dir + "/DesktopApp.lokale", lokale::open_main);
        lokale::Bundle panel = runtime.open(dir + "/PanelKit.lokale");
        const lokale::Bundle &b = std::string(r.bundle) == "app" ? app : panel;
        lokale::message m(r.key, r.def ? r.def : "");
        lokale::lookup_result got = b.lookup(m);
        CHECK_EQ(got.text, std::string(r.text));
        CHECK_EQ(got.step, r.step);
        CHECK_EQ(b.string(m), std::string(r.text));
        auto maybe = b.try_lookup(m);
        CHECK(maybe.ok() && maybe->text == r.text && maybe->step == r.step);
    }
}

static void plurals_and_formatting(const std::string &dir) {
    lokale::Runtime en(std::vector<std::string>{"en"});
    lokale::Bundle app = en.open(dir + "/DesktopApp.lokale");
    lokale::message items{"summary.item-count", "%lld items"};
    CHECK_EQ(app.format(items, 0), std::string("No items"));
    CHECK_EQ(app.format(items, 1), std::string("1 item"));
    CHECK_EQ(app.format(items, 2u), std::string("2 items"));
    CHECK_EQ(app.format("summary.files-in-folders", 1, 3), std::string("1 file in 3 folders"));
    std::string set = "Sample Set";
    CHECK_EQ(app.format("Collection: %@", set), std::string("Collection: Sample Set"));

    lokale::Runtime fr(std::vector<std::string>{"fr-CA"});
    lokale::Bundle app_fr = fr.open(dir + "/DesktopApp.lokale");
    CHECK_EQ(app_fr.format(items, 0), std::string("0 élément"));
    CHECK_EQ(app_fr.format(items, 1000000), std::string("1\u202F000\u202F000 d’éléments"));
    CHECK_EQ(app_fr.format(items, std::int64_t{3}), std::string("3 éléments"));
    // Text read as a number keeps its fraction digits: "1.5" is "other" in English.
    CHECK_EQ(app.format(items, "1"), std::string("1 item"));
    // Non-throwing formatting and the argument-array form.
    std::vector<lokale::arg> args{lokale::arg(2)};
    CHECK_EQ(app.format_args(items, args), std::string("2 items"));
    CHECK_EQ(app.try_format(items, 1).value(), std::string("1 item"));
    // A specifier without its argument stays visible.
    CHECK_EQ(app.format("Collection: %@"), std::string("Collection: %@"));
    // ... and the problem is there for a caller who asks.
    CHECK(app.format_problems("Collection: %@").find("argument") != std::string::npos);
    CHECK_EQ(app.format_problems("Collection: %@", "Inbox"), std::string(""));
    // explain: JSON naming the step.
    std::string json = app.explain(items, 2);
    CHECK(json.find("\"step\"") != std::string::npos && json.find("2 items") != std::string::npos);
}

// Results longer than the wrapper's first (stack) buffer are fetched again at their full size.
static void truncation_grows_the_buffer(const std::string &dir) {
    lokale::Runtime de(std::vector<std::string>{"de"});
    lokale::Bundle app = de.open(dir + "/DesktopApp.lokale");
    for (std::size_t size : {200u, 255u, 256u, 257u, 1000u, 100000u}) {
        std::string long_name(size, 'x');
        long_name.back() = 'y';
        std::string got = app.format("Collection: %@", long_name);
        CHECK_EQ(got.size(), std::string("Sammlung: ").size() + size);
        CHECK_EQ(got, "Sammlung: " + long_name);
    }
    // A long key as its own fallback (lookup, no buffer) and in explain (JSON, buffer grown).
    std::string key(5000, 'k');
    CHECK_EQ(app.string(key), key);
    CHECK(app.explain(key).find(key) != std::string::npos);
    CHECK_EQ(lokale::display_name("de"), std::string("Deutsch"));
}

static void errors(const std::string &dir) {
    lokale::Runtime runtime(std::vector<std::string>{"de"});
    CHECK_THROWS(LOKALE_ENOTFOUND, runtime.open(dir + "/Missing.lokale"));
    const std::string corrupt = dir + "/corrupt-cpp-test.lokale";
    std::ofstream(corrupt) << "not a compiled table";
    CHECK_THROWS(LOKALE_ECORRUPT, runtime.open(corrupt));
    std::remove(corrupt.c_str());
    auto missing = runtime.try_open(dir + "/Missing.lokale");
    CHECK(!missing.ok());
    CHECK_EQ(missing.status(), LOKALE_ENOTFOUND);
    CHECK(!missing.error().message().empty());
    CHECK_THROWS(LOKALE_ENOTFOUND, missing.value());
    auto opened = runtime.try_open(dir + "/DesktopApp.lokale", lokale::open_main);
    CHECK(opened.ok());
    // A second main bundle: LOKALE_ESTATE.
    CHECK_THROWS(LOKALE_ESTATE, runtime.open(dir + "/DesktopAppMixed.lokale", lokale::open_main));
    CHECK_THROWS(LOKALE_EINVAL, runtime.set_language("not a language!"));
    CHECK_EQ(runtime.try_set_language("@@").status(), LOKALE_EINVAL);
    // Moved-from handles report LOKALE_EINVAL instead of crashing.
    lokale::Bundle app = std::move(opened).value();
    lokale::Bundle moved = std::move(app);
    CHECK(!app && moved);
    CHECK_THROWS(LOKALE_EINVAL, app.string("workspace.title"));
    CHECK_EQ(app.try_string("workspace.title").status(), LOKALE_EINVAL);
    CHECK_EQ(moved.string("workspace.title"), std::string("Arbeitsbereich"));
    lokale::Runtime other = std::move(runtime);
    CHECK_THROWS(LOKALE_EINVAL, runtime.preferred_languages());
    CHECK_THROWS(LOKALE_EINVAL, runtime.on_change([] {}));
    CHECK_EQ(other.preferred_languages().at(0), std::string("de"));
    // Bad UTF-8 in a key is not a crash.
    std::string bad = "\xff\xfe";
    auto r = moved.try_string(bad);
    CHECK(r.ok() || r.status() == LOKALE_EINVAL);
    CHECK_EQ(lokale::result<std::string>(std::string("x")).value_or("y"), std::string("x"));
}

// A table in memory (Runtime::open_memory): borrowed bytes answer as the file does; garbage is
// an exception, and reload is refused (no file).
static void table_in_memory(const std::string &dir) {
    std::ifstream in(dir + "/DesktopApp.lokale", std::ios::binary);
    std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    CHECK(bytes.size() > 64);
    lokale::Runtime runtime(std::vector<std::string>{"de"});
    lokale::Bundle app = runtime.open_memory(bytes.data(), bytes.size(), lokale::open_main);
    CHECK_EQ(app.string(lokale::message("workspace.title", "Workspace")), std::string("Arbeitsbereich"));
    CHECK_THROWS(LOKALE_ESTATE, app.reload());
    const char garbage[] = "not a compiled table, not at all, not even close to one, no";
    auto bad = runtime.try_open_memory(garbage, sizeof garbage);
    CHECK(!bad.ok());
    CHECK_EQ(bad.status(), LOKALE_ECORRUPT);
    CHECK_THROWS(LOKALE_EINVAL, runtime.open_memory(nullptr, 10));
}

static void language_switch(const std::string &dir) {
    lokale::runtime_options options;
    options.preferred_languages = std::vector<std::string>{"en"};
    options.settings_path = "";
    lokale::Runtime runtime(options);
    lokale::Bundle app = runtime.open(dir + "/DesktopApp.lokale", lokale::open_main);
    lokale::Bundle panel = runtime.open(dir + "/PanelKit.lokale");
    int calls = 0;
    std::string seen;
    lokale::subscription sub = runtime.on_change([&] {
        calls++;
        seen = app.string("workspace.title") + " / " + panel.string("panel.ready");
    });
    runtime.set_language("de");
    CHECK_EQ(calls, 1);
    CHECK_EQ(seen, std::string("Arbeitsbereich / Panel bereit"));
    CHECK_EQ(runtime.language(), std::string("de"));
    CHECK_EQ(app.preferred_localizations().at(0), std::string("de"));
    {
        // A throwing callback: the change applies, the exception comes back from set_language.
        lokale::subscription thrower = runtime.on_change([] { throw std::logic_error("from callback"); });
        bool rethrown = false;
        try {
            runtime.set_language("fr");
        } catch (const std::logic_error &e) {
            rethrown = std::string(e.what()) == "from callback";
        }
        CHECK(rethrown);
        CHECK_EQ(app.string("workspace.title"), std::string("Espace de travail"));
    } // unregistered here
    runtime.reset_language();
    CHECK_EQ(runtime.language(), std::string(""));
    CHECK_EQ(calls, 3);
    CHECK(sub.remove());
    CHECK(!sub.remove());
    runtime.set_preferred_languages({"ja"});
    CHECK_EQ(calls, 3);
    CHECK_EQ(app.string("workspace.title"), std::string("ワークスペース"));
    // A subscription may outlive its runtime.
    lokale::subscription late;
    {
        lokale::Runtime shortlived;
        late = shortlived.on_change([] {});
    }
    CHECK(!late.remove());
    // Bundles may outlive the runtime object.
    lokale::Bundle survivor;
    {
        lokale::Runtime temp(std::vector<std::string>{"de"});
        survivor = temp.open(dir + "/PanelKit.lokale");
    }
    CHECK_EQ(survivor.string("panel.ready"), std::string("Panel bereit"));
    CHECK_EQ(survivor.identifier().empty(), false);
    CHECK_EQ(survivor.development_localization(), std::string("en"));
    CHECK(survivor.localizations().size() >= 2);
    CHECK(!survivor.reload());                      // the file did not change
    CHECK(survivor.reload(lokale::reload_force));   // a new version all the same
    CHECK_EQ(survivor.string("panel.ready"), std::string("Panel bereit"));
}

// A server: requests in their own languages through one runtime and one bundle each, each answer
// what a runtime with those languages gives; threads at once; the runtime's languages untouched.
static void requests(const std::string &dir) {
    lokale::runtime_options options;
    options.preferred_languages = std::vector<std::string>{"ja"};
    options.settings_path = "";
    lokale::Runtime runtime(options);
    lokale::Bundle app = runtime.open(dir + "/DesktopApp.lokale", lokale::open_main);
    lokale::Bundle panel = runtime.open(dir + "/PanelKit.lokale");
    CHECK(lokale::parse_accept_language("de-CH;q=0.5, fr, *;q=0.1, en;q=x") == (std::vector<std::string>{"fr", "de-CH"}));
    const std::vector<std::string> headers = {"fr-CA, en;q=0.5", "de", "pt-BR", "es, de;q=0.8", "zz", ""};
    std::vector<std::string> expected;
    for (const auto &header : headers) {
        lokale::runtime_options o;
        o.preferred_languages = lokale::parse_accept_language(header);
        o.settings_path = "";
        lokale::Runtime reference(o);
        lokale::Bundle ref_app = reference.open(dir + "/DesktopApp.lokale", lokale::open_main);
        lokale::Bundle ref_panel = reference.open(dir + "/PanelKit.lokale");
        expected.push_back(ref_app.format({"summary.item-count", "%lld items"}, 2) + " / " + ref_panel.string("panel.ready"));
    }
    std::vector<std::thread> threads;
    std::atomic<int> wrong{0};
    for (std::size_t t = 0; t < headers.size(); t++) {
        threads.emplace_back([&, t] {
            for (int round = 0; round < 500; round++) {
                lokale::languages request = runtime.languages_for_header(headers[t]);
                std::string got = app.format(lokale::message("summary.item-count", "%lld items").in(request), 2) + " / "
                    + panel.string(lokale::message("panel.ready").in(request));
                if (got != expected[t]) wrong++;
            }
        });
    }
    for (auto &thread : threads) thread.join();
    CHECK_EQ(wrong.load(), 0);
    lokale::languages de = runtime.languages({"de", "en"});
    CHECK(de.list() == (std::vector<std::string>{"de", "en"}));
    CHECK_EQ(app.string(lokale::message("workspace.title").in(de)), std::string("Arbeitsbereich"));
    CHECK_EQ(app.string("workspace.title"), std::string("ワークスペース")); // the runtime's own
}

// MessageFormat 2: named arguments as initializer lists, problems, parts, refusals, moves, threads.
static void message_format() {
    lokale::MessageFormat files(".input {$n :integer} .match $n one {{{$n} fichier}} * {{{$n} fichiers}}", "fr");
    CHECK_EQ(files.format({{"n", 1}}), std::string("1 fichier"));
    CHECK_EQ(files.format({{"n", 2000u}}), std::string("2\u202f000 fichiers"));
    CHECK_EQ(files.format({{"n", "1.0"}}), std::string("1 fichier"));
    CHECK_EQ(files.format(), std::string("\u2068{$n}\u2069 fichiers"));
    std::vector<std::string> problems = files.problems();
    CHECK(problems.size() == 3 && problems[0].rfind("unresolved-variable: ", 0) == 0);
    CHECK(files.problems({{"n", 3}}).empty());
    std::vector<lokale::named_arg> args{{"n", 5}};
    CHECK_EQ(files.format(args), std::string("5 fichiers"));

    lokale::MessageFormat when("{$name} arrive le {$at :date style=long}.", "fr");
    std::string name = "Léa";
    CHECK_EQ(when.format({{"name", name}, {"at", lokale::timestamp{1136244600.0, "Europe/Paris"}}}),
             std::string("\u2068Léa\u2069 arrive le 3 janvier 2006."));
    CHECK_EQ(when.format({{"name", name}, {"at", lokale::timestamp{1136244600.0}}}),
             std::string("\u2068Léa\u2069 arrive le 2 janvier 2006."));

    lokale::MessageFormat link("See {#link href=|/help| u:id=h}{$n :number} pages{/link}{#br/}", "en");
    std::vector<lokale::part> parts = link.format_to_parts({{"n", 1234}});
    CHECK_EQ(parts.size(), std::size_t(6));
    std::string joined;
    for (const lokale::part &p : parts) joined += p.value;
    CHECK_EQ(joined, link.format({{"n", 1234}}));
    CHECK(parts[0].kind == lokale::part_kind::text && parts[0].value == "See ");
    CHECK(parts[1].kind == lokale::part_kind::markup_open && parts[1].name == "link" && parts[1].id == std::string("h") &&
          parts[1].options == (std::map<std::string, std::string>{{"href", "/help"}}) && parts[1].is_markup());
    CHECK(parts[2].kind == lokale::part_kind::expression && parts[2].value == "1,234" && parts[2].source == "$n" &&
          parts[2].name == "number" && parts[2].locale == "en" && parts[2].dir == lokale::part_dir::unset && !parts[2].id);
    CHECK(parts[2].fields == (std::vector<std::pair<std::string, std::string>>{{"integer", "1"}, {"group", ","}, {"integer", "234"}}));
    CHECK(parts[4].kind == lokale::part_kind::markup_close && parts[5].kind == lokale::part_kind::markup_standalone && parts[5].name == "br");
    std::vector<lokale::part> fallback = link.format_to_parts();
    CHECK(fallback[2].kind == lokale::part_kind::bidi_isolation && fallback[3].kind == lokale::part_kind::fallback &&
          fallback[3].value == "{$n}" && fallback[3].source == "$n");

    bool threw = false;
    try {
        lokale::MessageFormat broken("Hello {$name", "en");
    } catch (const lokale::error &e) {
        threw = e.status() == LOKALE_EFORMAT && e.message().find("1:13") != std::string::npos;
    }
    CHECK(threw);
    CHECK(!lokale::MessageFormat::try_make("x", "not a locale!").ok());
    auto made = lokale::MessageFormat::try_make("{$x}", "en");
    CHECK(made.ok());
    lokale::MessageFormat moved = std::move(made.value());
    CHECK(moved && moved.format({{"x", "y"}}) == "\u2068y\u2069");
    lokale::MessageFormat other(std::move(moved));
    CHECK(!moved && other);
    CHECK(!moved.try_format().ok()); // a moved-from handle: LOKALE_EINVAL

    std::vector<std::thread> threads;
    std::atomic<int> wrong{0};
    for (int t = 0; t < 4; t++) {
        threads.emplace_back([&] {
            for (int n = 0; n < 300; n++)
                if (files.format({{"n", n}}) != std::to_string(n) + (n < 2 ? " fichier" : " fichiers")) wrong++;
        });
    }
    for (auto &thread : threads) thread.join();
    CHECK_EQ(wrong.load(), 0);
}

// MF2 messages of a catalog (examples/Party) with named arguments, problems and parts.
static void catalog_messages(const std::string &dir) {
    lokale::runtime_options options;
    options.preferred_languages = std::vector<std::string>{"pl", "en"};
    options.settings_path = "";
    lokale::Runtime runtime(options);
    lokale::Bundle party = runtime.open(dir + "/Party.lokale", lokale::open_main);
    CHECK_EQ(lokale::format_named(party, "invite", {{"host", "Ola"}, {"gender", "female"}, {"count", 3}}),
             std::string("\u2068Ola\u2069 zaprosiła 3 gości."));
    CHECK_EQ(lokale::format_named(party, lokale::message("nope", "{$n :integer} więcej"), {{"n", 4}}), std::string("4 więcej"));
    std::vector<std::string> problems = lokale::format_named_problems(party, "invite", {{"count", 3}});
    CHECK(!problems.empty() && problems[0].rfind("unresolved-variable", 0) == 0);
    std::vector<lokale::part> parts = lokale::format_named_to_parts(party, "invite", {{"host", "Ola"}, {"gender", "female"}, {"count", 3}});
    bool count = false;
    for (const lokale::part &p : parts) count = count || (p.kind == lokale::part_kind::expression && p.source == "$count" && p.value == "3");
    CHECK(count);
}

// A bundle opened by a runtime of its own (bundles keep their runtime alive).
static lokale::Bundle open_in(const std::string &path, const std::string &language) {
    lokale::runtime_options options;
    options.preferred_languages = std::vector<std::string>{language};
    options.settings_path = "";
    return lokale::Runtime(options).open(path);
}

// Android string resources: Java specifiers with positional arguments (format, as
// getString(id, args) formats them with the resource's locale), getString's text (string), plurals
// chosen by CLDR only, string arrays, styled strings' tags as markup parts.
static void android_resources(const std::string &dir, const std::string &tests) {
    struct expected {
        const char *language, *score, *zero, *three;
    };
    const expected rows[] = {
        {"en", "Ana has 1,234,567 points (99.50%)\n", "0 songs", "3 songs"}, // English has no CLDR `zero`
        {"de-AT", "Ana hat 1.234.567 Punkte (99,50%)\n", "0 Lieder", "3 Lieder"},
        // values-ar lacks `score`: the default resource, in Arabic's digits; Arabic's CLDR `zero`.
        {"ar", "Ana has \u0661\u066C\u0662\u0663\u0664\u066C\u0665\u0666\u0667 points (\u0669\u0669\u066B\u0665\u0660%)\n",
         "\u0644\u0627 \u0623\u063A\u0627\u0646\u064A", "\u0663 \u0623\u063A\u0627\u0646\u064D"},
    };
    for (const expected &row : rows) {
        lokale::Bundle b = open_in(tests + "/Android.lokale", row.language);
        for (int pass = 0; pass < 2; pass++) { // the second may take the C fast path
            CHECK_EQ(b.format("score", "Ana", 1234567, 99.5), std::string(row.score));
            CHECK_EQ(b.format("songs", 0), std::string(row.zero));
            CHECK_EQ(b.format("songs", 3), std::string(row.three));
        }
        CHECK(b.string("score").find("%2$,d") != std::string::npos); // getString(id): the format as written
        CHECK_EQ(b.string("tags"), std::string("Tap Save"));
        CHECK_EQ(b.format("sure", "x"), std::string("100% sure, %s")); // formatted="false"
        CHECK(b.format_problems("score", "Ana").find("argument 2") != std::string::npos);
    }

    lokale::Bundle pl = open_in(dir + "/AndroidApp.lokale", "pl");
    CHECK_EQ(pl.format("greeting", "Ola"), std::string("Cze\u015B\u0107, Ola!"));
    CHECK_EQ(pl.format("plants", 2), std::string("2 ro\u015Bliny"));
    CHECK_EQ(pl.format("plants", 5), std::string("5 ro\u015Blin"));
    CHECK_EQ(pl.string("seasons[2]"), std::string("Jesie\u0144"));
    lokale::Bundle fr = open_in(dir + "/AndroidApp.lokale", "fr-CA");
    // Not in values-fr: the default resource, as aapt2 reads it (\' an apostrophe, "…" quotes dropped).
    CHECK_EQ(fr.string("offline"), std::string("You're offline. Check your connection."));
    std::vector<lokale::part> parts = lokale::format_named_to_parts(fr, "tap_save");
    std::string rendered;
    for (const lokale::part &p : parts) {
        if (p.kind == lokale::part_kind::markup_open) rendered += "<" + p.name + ">";
        else if (p.kind == lokale::part_kind::markup_close) rendered += "</" + p.name + ">";
        else rendered += p.value;
    }
    CHECK_EQ(rendered, std::string("Touchez <b>Enregistrer</b> pour garder votre <i>jardin</i>."));
    CHECK_EQ(fr.string("tap_save"), std::string("Touchez Enregistrer pour garder votre jardin."));
}

// Flutter ARB: ICU MessageFormat with named arguments, formatted as ICU formats it (no isolation
// marks), a key the translation lacks answered by the template's message in the translation's locale.
static void arb_messages(const std::string &tests) {
    lokale::Bundle en = open_in(tests + "/ARB.lokale", "en-GB");
    for (int pass = 0; pass < 2; pass++)
        CHECK_EQ(lokale::format_named(en, "inbox", {{"name", "Ana"}, {"count", 3}}), std::string("Hello Ana, you have 3 messages."));
    CHECK_EQ(lokale::format_named(en, "inbox", {{"name", "Ana"}, {"count", 0}}), std::string("Hello Ana, you have no messages."));
    CHECK_EQ(lokale::format_named(en, "total", {{"amount", 1234.5}}), std::string("Total: 1,234.5"));
    CHECK_EQ(en.string("total"), std::string("Total: {amount}")); // a plain lookup: the ICU text
    lokale::Bundle ar = open_in(tests + "/ARB.lokale", "ar");
    CHECK_EQ(lokale::format_named(ar, "inbox", {{"name", "Ana"}, {"count", 11}}),
             std::string("\u0645\u0631\u062D\u0628\u0627 Ana\u060C \u0661\u0661 \u0631\u0633\u0627\u0644\u0629."));
    CHECK_EQ(lokale::format_named(ar, "total", {{"amount", 1234.5}}),
             std::string("Total: \u0661\u066C\u0662\u0663\u0664\u066B\u0665"));
    std::string json = lokale::explain_named(ar, "inbox", {{"name", "Ana"}, {"count", 0}});
    CHECK(json.find("\"served\":\"ar\"") != std::string::npos && json.find("\"keys\":[\"zero\"]") != std::string::npos);
    std::vector<std::string> problems = lokale::format_named_problems(ar, "inbox", {{"count", 2}});
    CHECK(problems.size() == 1 && problems[0].rfind("unresolved-variable", 0) == 0);
}

int main(int argc, char **argv) {
    if (argc != 3) {
        std::fprintf(stderr, "usage: %s DIR TESTS\n", argv[0]);
        return 2;
    }
    std::string dir = argv[1], tests = argv[2];
    try {
        CHECK_EQ(lokale::version(), std::string(LOKALE_VERSION_STRING));
        decision_table(dir);
        plurals_and_formatting(dir);
        truncation_grows_the_buffer(dir);
        errors(dir);
        table_in_memory(dir);
        language_switch(dir);
        requests(dir);
        message_format();
        catalog_messages(dir);
        android_resources(dir, tests);
        arb_messages(tests);
    } catch (const std::exception &e) {
        std::cerr << "unexpected exception: " << e.what() << "\n";
        failed++;
    }
    std::printf("test_cpp: %d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
