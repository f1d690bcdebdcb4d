/* Bundle files: corrupt copies (truncations, header flips, mutations) and hot reload. */
#include "check.h"

#include <stdlib.h>

void test_corrupt_files(void) {
    lokale_runtime *rt = NULL;
    CHECK(lokale_runtime_new(&rt, NULL) == LOKALE_OK);
    FILE *in = fopen(path(tests, "Tables.lokale"), "rb");
    CHECK(in != NULL);
    if (!in) return;
    static unsigned char data[1 << 16];
    size_t size = fread(data, 1, sizeof data, in);
    fclose(in);
    const char *copy = path(tests, "corrupt.lokale");
    int rejected = 0, tried = 0;
    /* Truncations. */
    for (size_t cut = 0; cut < size; cut += (cut < 256 ? 1 : 61)) {
        FILE *out = fopen(copy, "wb");
        fwrite(data, 1, cut, out);
        fclose(out);
        lokale_bundle *b = NULL;
        int rc = lokale_bundle_open(&b, rt, copy, 0);
        tried++;
        if (rc == LOKALE_ECORRUPT) rejected++;
        lokale_bundle_free(b);
    }
    CHECK(tried > 0 && rejected == tried);
    /* Every header byte flipped. */
    rejected = tried = 0;
    for (size_t i = 0; i < 64; i++) {
        data[i] ^= 0x5A;
        FILE *out = fopen(copy, "wb");
        fwrite(data, 1, size, out);
        fclose(out);
        data[i] ^= 0x5A;
        lokale_bundle *b = NULL;
        int rc = lokale_bundle_open(&b, rt, copy, 0);
        tried++;
        if (rc == LOKALE_ECORRUPT || rc == LOKALE_EVERSION) rejected++;
        lokale_bundle_free(b);
    }
    CHECK(rejected == tried);
    /* Random mutations of the payload: open may succeed; lookups must then answer or fail cleanly. */
    srand(12345);
    int opened = 0;
    for (int round = 0; round < 300; round++) {
        unsigned char mutated[sizeof data];
        memcpy(mutated, data, size);
        for (int k = 0; k < 4; k++) mutated[64 + (size_t)rand() % (size - 64)] = (unsigned char)rand();
        FILE *out = fopen(copy, "wb");
        fwrite(mutated, 1, size, out);
        fclose(out);
        lokale_bundle *b = NULL;
        if (lokale_bundle_open(&b, rt, copy, 0) != LOKALE_OK) continue;
        opened++;
        const char *keys[] = {"greeting", "files", "reordered", "only.en", "open", "close"};
        const char *tables[] = {NULL, NULL, NULL, NULL, "Menu", "Menu"};
        lokale_arg args[] = {lokale_arg_string("x"), lokale_arg_int(3)};
        char buf[256];
        size_t needed;
        for (int k = 0; k < 6; k++) {
            lokale_message m = lokale_message_make(keys[k], tables[k], "d");
            const char *s;
            size_t n;
            int rc = lokale_bundle_lookup(&s, &n, NULL, b, &m);
            CHECK(rc == LOKALE_OK || rc == LOKALE_ECORRUPT);
            rc = lokale_bundle_format(buf, sizeof buf, &needed, b, &m, args, 2);
            CHECK(rc == LOKALE_OK || rc == LOKALE_ECORRUPT || rc == LOKALE_ETRUNCATED);
        }
        lokale_bundle_free(b);
    }
    CHECK(opened > 0);
    /* The payload checksum catches what the header cannot. */
    data[size - 2] ^= 1;
    FILE *out = fopen(copy, "wb");
    fwrite(data, 1, size, out);
    fclose(out);
    data[size - 2] ^= 1;
    lokale_bundle *b = NULL;
    CHECK(lokale_bundle_open(&b, rt, copy, LOKALE_OPEN_VERIFY) == LOKALE_ECORRUPT);
    CHECK(strstr(lokale_last_error(), "checksum") != NULL);
    remove(copy);
    lokale_runtime_free(rt);
}

/* Copies src to dst through a temporary file renamed into place (as `lokale compile` writes). */
static int replace_file(const char *src, const char *dst) {
    char tmp[1100];
    snprintf(tmp, sizeof tmp, "%s.tmp", dst);
    FILE *in = fopen(src, "rb"), *out = fopen(tmp, "wb");
    if (!in || !out) { if (in) fclose(in); if (out) fclose(out); return -1; }
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, in)) > 0) fwrite(buf, 1, n, out);
    fclose(in);
    if (fclose(out) != 0) return -1;
    return rename(tmp, dst);
}

static void count_calls(void *payload, lokale_runtime *runtime) {
    (void)runtime;
    ++*(int *)payload;
}

/* Hot reload: a file replaced by rename is picked up; what was lent stays valid; errors keep the
 * version the bundle had. */
void test_reload(void) {
    char target[1100];
    snprintf(target, sizeof target, "%s", path(tests, "reload.lokale"));
    CHECK(replace_file(path(examples, "DesktopApp.lokale"), target) == 0);
    const char *langs[] = {"de"};
    lokale_runtime *rt = runtime_with(langs, 1);
    lokale_bundle *b = NULL;
    CHECK(lokale_bundle_open(&b, rt, target, LOKALE_OPEN_COPY | LOKALE_OPEN_MAP) == LOKALE_EINVAL && b == NULL);
    CHECK(lokale_bundle_open(&b, rt, target, LOKALE_OPEN_MAP) == LOKALE_OK);
    int calls = 0, reloaded = -1;
    uint64_t id = 0;
    CHECK(lokale_runtime_add_callback(&id, rt, count_calls, &calls) == LOKALE_OK);
    const char *ident = NULL, *dev = NULL;
    CHECK(lokale_bundle_identifier(&ident, b) == LOKALE_OK);
    CHECK_STR(ident, "com.example.DesktopApp");
    const char *const *names = NULL;
    size_t count = 0;
    CHECK(lokale_bundle_localizations(&names, &count, b) == LOKALE_OK && count == 5);

    CHECK(lokale_bundle_reload(&reloaded, b, 0) == LOKALE_OK && reloaded == 0);
    CHECK(calls == 0);
    CHECK(lokale_bundle_reload(&reloaded, NULL, 0) == LOKALE_EINVAL && reloaded == 0);
    CHECK(lokale_bundle_reload(NULL, b, 0x40) == LOKALE_EINVAL);

    CHECK(replace_file(path(examples, "PanelKit.lokale"), target) == 0);
    CHECK(lokale_bundle_reload(&reloaded, b, LOKALE_RELOAD_VERIFY) == LOKALE_OK && reloaded == 1);
    CHECK(calls == 1);
    const char *now = NULL;
    CHECK(lokale_bundle_identifier(&now, b) == LOKALE_OK);
    CHECK_STR(now, "com.example.PanelKit");
    /* Lent before the reload, still valid until lokale_bundle_free. */
    CHECK_STR(ident, "com.example.DesktopApp");
    CHECK(count == 5 && names[4] != NULL && strcmp(names[4], "pt-PT") == 0);
    const char *const *names2 = NULL;
    size_t count2 = 0;
    CHECK(lokale_bundle_localizations(&names2, &count2, b) == LOKALE_OK && names2 != names);
    CHECK(lokale_bundle_development_localization(&dev, b) == LOKALE_OK);
    lokale_message m = lokale_message_make("panel.ready", NULL, NULL);
    const char *text = NULL;
    size_t len = 0;
    lokale_step step = 0;
    CHECK(lokale_bundle_lookup(&text, &len, &step, b, &m) == LOKALE_OK && step != LOKALE_STEP_KEY);

    /* Garbage renamed over the file: refused, and the bundle keeps answering. */
    FILE *junk = fopen(path(tests, "junk.lokale"), "wb");
    if (junk) {
        for (int i = 0; i < 2048; i++) fputc('L', junk);
        fclose(junk);
    }
    CHECK(rename(path(tests, "junk.lokale"), target) == 0);
    CHECK(lokale_bundle_reload(&reloaded, b, 0) == LOKALE_ECORRUPT && reloaded == 0);
    CHECK(strstr(lokale_last_error(), "reload.lokale") != NULL);
    const char *again = NULL;
    CHECK(lokale_bundle_lookup(&again, &len, &step, b, &m) == LOKALE_OK && again == text);
    CHECK(remove(target) == 0);
    CHECK(lokale_bundle_reload(&reloaded, b, LOKALE_RELOAD_FORCE) == LOKALE_ENOTFOUND);
    CHECK(calls == 1);
    lokale_bundle_free(b);
    lokale_runtime_free(rt);
}
