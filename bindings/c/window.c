/*
 * The seeds' desktop window, rendered as text: the app-owned "Workspace" heading, the
 * framework-owned "Panel ready" label (PanelKit, its own bundle) and the item-count summary with
 * "Sample Set" — for several preference lists, with the row of the decision table that answered.
 *
 * Every label is checked against the text and the decision-table row the seeds expect; the program
 * exits with status 1 when one differs (so `make test` runs it as a test).
 *
 * usage: window DIR   (DIR holds DesktopApp.lokale, DesktopAppMixed.lokale, PanelKit.lokale)
 * build: cc window.c $(pkg-config --cflags --libs lokale)   (see Makefile)
 */
#include <lokale.h>

#include <stdio.h>
#include <string.h>

static const char *row(lokale_step step) {
    switch (step) {
    case LOKALE_STEP_TRANSLATION: return "a preferred language has the translation";
    case LOKALE_STEP_LATER_PREFERENCE: return "first preference unavailable, a later one matches";
    case LOKALE_STEP_DEVELOPMENT: return "no preference matches: development localization";
    case LOKALE_STEP_DEFAULT: return "lookup failed: explicit default value";
    case LOKALE_STEP_KEY: return "no default value: the key";
    }
    return "?";
}

/* What one label of a scenario must show. */
typedef struct expected {
    const char *text;
    lokale_step step;
} expected;

typedef struct scenario {
    const char *title;
    const char *app_file;
    const char *langs[3];
    int probe; /* 0: panel.ready; 1: a missing key with a default value; 2: without one */
    const char *app_list, *panel_list;
    expected labels[4]; /* workspace.title, panel label, summary.item-count, Collection: %@ */
} scenario;

#define T LOKALE_STEP_TRANSLATION
#define L LOKALE_STEP_LATER_PREFERENCE
#define D LOKALE_STEP_DEVELOPMENT
#define DEF LOKALE_STEP_DEFAULT
#define K LOKALE_STEP_KEY

static const scenario scenarios[] = {
    {"1. English user", "DesktopApp.lokale", {"en-US"}, 0, "en", "en",
     {{"Workspace", T}, {"Panel ready", T}, {"2 items", T}, {"Collection: Sample Set", T}}},
    {"2. German user", "DesktopApp.lokale", {"de-DE"}, 0, "de,en", "de,en",
     {{"Arbeitsbereich", T}, {"Panel bereit", T}, {"2 Objekte", T}, {"Sammlung: Sample Set", T}}},
    {"3. Italian, then French: Italian is unavailable, French matches", "DesktopApp.lokale",
     {"it", "fr-CA"}, 0, "fr,en", "fr,en",
     {{"Espace de travail", L}, {"Panneau prêt", L}, {"2 éléments", L}, {"Collection : Sample Set", L}}},
    {"4. Italian only: no preference matches", "DesktopApp.lokale", {"it"}, 0, "en", "en",
     {{"Workspace", D}, {"Panel ready", D}, {"2 items", D}, {"Collection: Sample Set", D}}},
    {"5. Japanese: the app has it, PanelKit does not (its development localization)",
     "DesktopApp.lokale", {"ja-JP"}, 0, "ja,en", "en",
     {{"ワークスペース", T}, {"Panel ready", D}, {"2 個の項目", T}, {"コレクション: Sample Set", T}}},
    {"6. Portuguese: the framework follows the app's language", "DesktopApp.lokale", {"pt-PT", "en"},
     0, "pt-PT,en", "en",
     {{"Área de trabalho", T}, {"Panel ready", L}, {"2 items", DEF}, {"Collection: Sample Set", K}}},
    {"7. Missing message: panel.ready.probe with its default value", "DesktopApp.lokale", {"de-DE"}, 1,
     "de,en", "de,en",
     {{"Arbeitsbereich", T}, {"Panel ready", DEF}, {"0 Objekte", T}, {"Sammlung: Sample Set", T}}},
    {"8. Missing message without a default value: the key shows", "DesktopApp.lokale", {"de-DE"}, 2,
     "de,en", "de,en",
     {{"Arbeitsbereich", T}, {"panel.ready.probe", K}, {"0 Objekte", T}, {"Sammlung: Sample Set", T}}},
    {"9. Spanish, mixed localizations off: PanelKit follows the app (English)", "DesktopApp.lokale",
     {"es-MX"}, 0, "en", "en",
     {{"Workspace", D}, {"Panel ready", D}, {"2 items", D}, {"Collection: Sample Set", D}}},
    {"10. Spanish, the app allows mixed localizations: PanelKit shows its Spanish",
     "DesktopAppMixed.lokale", {"es-MX"}, 0, "en", "es,en",
     {{"Workspace", D}, {"Panel listo", T}, {"2 items", D}, {"Collection: Sample Set", D}}},
};

static int failures;

/* Pads to a width counted in code points, so that accented and CJK labels line up roughly. */
static void print_padded(const char *text, int width) {
    int count = 0;
    for (const unsigned char *p = (const unsigned char *)text; *p; p++)
        if ((*p & 0xC0) != 0x80) count++;
    printf("%s%*s", text, count < width ? width - count : 0, "");
}

/* Shows one label: the formatted text and the decision-table row of its lookup. */
static void label(const lokale_bundle *bundle, lokale_message m, const lokale_arg *args, size_t n,
                  const expected *want) {
    char text[256];
    size_t needed = 0;
    const char *raw;
    size_t raw_len;
    lokale_step step = 0;
    int rc = lokale_bundle_format(text, sizeof text, &needed, bundle, &m, args, n);
    if (rc == LOKALE_OK) rc = lokale_bundle_lookup(&raw, &raw_len, &step, bundle, &m);
    if (rc != LOKALE_OK) {
        printf("  | <error: %s: %s>\n", lokale_status_name(rc), lokale_last_error());
        failures++;
        return;
    }
    printf("  | ");
    print_padded(text, 28);
    printf("  <- %-18s %s\n", m.key, row(step));
    if (strcmp(text, want->text) != 0 || step != want->step) {
        printf("  ! expected \"%s\" (%s)\n", want->text, row(want->step));
        failures++;
    }
}

static void check_list(const char *what, const char *got, const char *want) {
    if (strcmp(got, want) != 0) {
        printf("  ! %s: expected %s, got %s\n", what, want, got);
        failures++;
    }
}

static void window(const char *dir, const scenario *s) {
    char path[1024];
    size_t n = 0;
    while (n < 3 && s->langs[n]) n++;
    lokale_runtime_options options;
    lokale_runtime_options_init(&options);
    options.preferred_languages = s->langs;
    options.preferred_count = n;
    options.settings_path = ""; /* the window never persists an in-app language */
    lokale_runtime *rt = NULL;
    lokale_bundle *app = NULL, *panel = NULL;
    if (lokale_runtime_new(&rt, &options) != LOKALE_OK) {
        fprintf(stderr, "window: %s\n", lokale_last_error());
        failures++;
        return;
    }
    snprintf(path, sizeof path, "%s/%s", dir, s->app_file);
    if (lokale_bundle_open(&app, rt, path, LOKALE_OPEN_MAIN) != LOKALE_OK) {
        fprintf(stderr, "window: %s\n", lokale_last_error());
        failures++;
        lokale_runtime_free(rt);
        return;
    }
    snprintf(path, sizeof path, "%s/PanelKit.lokale", dir);
    if (lokale_bundle_open(&panel, rt, path, 0) != LOKALE_OK) {
        fprintf(stderr, "window: %s\n", lokale_last_error());
        failures++;
        lokale_bundle_free(app);
        lokale_runtime_free(rt);
        return;
    }
    char prefs[128] = "", app_list[128] = "", panel_list[128] = "";
    size_t needed;
    lokale_runtime_preferred_languages(prefs, sizeof prefs, &needed, rt);
    lokale_bundle_preferred_localizations(app_list, sizeof app_list, &needed, app);
    lokale_bundle_preferred_localizations(panel_list, sizeof panel_list, &needed, panel);
    printf("%s\n  preferences: %s   app: %s   PanelKit: %s\n", s->title, prefs[0] ? prefs : "(none)",
           app_list, panel_list);
    check_list("app localizations", app_list, s->app_list);
    check_list("PanelKit localizations", panel_list, s->panel_list);
    printf("  +------------------------------\n");
    label(app, lokale_message_make("workspace.title", NULL, "Workspace"), NULL, 0, &s->labels[0]);
    label(panel,
          lokale_message_make(s->probe ? "panel.ready.probe" : "panel.ready", NULL,
                              s->probe == 2 ? NULL : "Panel ready"),
          NULL, 0, &s->labels[1]);
    lokale_arg count = lokale_arg_int(s->probe ? 0 : 2);
    label(app, lokale_message_make("summary.item-count", NULL, "%lld items"), &count, 1, &s->labels[2]);
    lokale_arg set = lokale_arg_string("Sample Set");
    label(app, lokale_message_make("Collection: %@", NULL, NULL), &set, 1, &s->labels[3]);
    printf("  | %-28s  <- verbatim, never looked up\n", "Sample Set");
    printf("  +------------------------------\n\n");
    lokale_bundle_free(panel);
    lokale_bundle_free(app);
    lokale_runtime_free(rt);
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s DIR\n", argv[0]);
        return 2;
    }
    if (lokale_version_number() != LOKALE_VERSION_NUMBER) {
        fprintf(stderr, "window: built for lokale %s, running with %s\n", LOKALE_VERSION_STRING,
                lokale_version());
        return 1;
    }
    printf("Lokale %s — the seeds' window in several languages\n\n", lokale_version());
    for (size_t i = 0; i < sizeof scenarios / sizeof scenarios[0]; i++) window(argv[1], &scenarios[i]);
    if (failures) {
        printf("window: %d label(s) differ from the seeds' expectations\n", failures);
        return 1;
    }
    printf("window: all %zu scenarios show what the seeds expect\n", sizeof scenarios / sizeof scenarios[0]);
    return 0;
}
