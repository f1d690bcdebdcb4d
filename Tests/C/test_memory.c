/* Tables opened from memory (lokale_bundle_open_memory): the bytes of a real compiled file,
 * borrowed or copied, validated as a file is, and refused cleanly when they are not a table. */
#include "check.h"

#include <stdint.h>
#include <stdlib.h>

/* The bytes of a file, in an 8-aligned buffer of `slack` more bytes (malloc aligns to 16). */
static unsigned char *read_all(const char *file, size_t *size, size_t slack) {
    FILE *in = fopen(file, "rb");
    if (!in) return NULL;
    fseek(in, 0, SEEK_END);
    long n = ftell(in);
    fseek(in, 0, SEEK_SET);
    unsigned char *data = malloc((size_t)n + slack);
    *size = data ? fread(data + slack, 1, (size_t)n, in) : 0;
    fclose(in);
    return data;
}

static int points_into(const char *text, const unsigned char *data, size_t size) {
    return (uintptr_t)text >= (uintptr_t)data && (uintptr_t)text < (uintptr_t)data + size;
}

void test_open_memory(void) {
    size_t size = 0;
    /* 1 byte of slack: data + 1 is a misaligned copy of the same table. */
    unsigned char *buffer = read_all(path(examples, "DesktopApp.lokale"), &size, 1);
    CHECK(buffer != NULL && size > 64);
    if (!buffer) return;
    unsigned char *misaligned = buffer + 1;
    unsigned char *data = malloc(size);
    memcpy(data, misaligned, size);
    const char *langs[] = {"de"};
    lokale_runtime *rt = runtime_with(langs, 1);
    lokale_message m = lokale_message_make("workspace.title", NULL, "Workspace");
    const char *text = NULL;
    size_t len = 0;
    lokale_step step = 0;

    /* Borrowed: the answer points into the caller's bytes (nothing was copied). */
    lokale_bundle *b = NULL;
    CHECK(lokale_bundle_open_memory(&b, rt, data, size, LOKALE_OPEN_MAIN) == LOKALE_OK && b != NULL);
    CHECK(lokale_bundle_lookup(&text, &len, &step, b, &m) == LOKALE_OK);
    CHECK_STR(text, "Arbeitsbereich");
    CHECK(step == LOKALE_STEP_TRANSLATION);
    CHECK(points_into(text, data, size));
    const char *ident = NULL;
    CHECK(lokale_bundle_identifier(&ident, b) == LOKALE_OK);
    CHECK_STR(ident, "com.example.DesktopApp");

    /* No file: reload is refused, and explain says hot reload is unavailable. */
    int reloaded = -1;
    CHECK(lokale_bundle_reload(&reloaded, b, 0) == LOKALE_ESTATE && reloaded == 0);
    CHECK(strstr(lokale_last_error(), "embedded") != NULL && strstr(lokale_last_error(), "cannot be reloaded") != NULL);
    CHECK(lokale_bundle_reload(&reloaded, b, LOKALE_RELOAD_FORCE) == LOKALE_ESTATE);
    char json[8192];
    size_t needed = 0;
    CHECK(lokale_bundle_explain(json, sizeof json, &needed, b, &m, NULL, 0) == LOKALE_OK);
    CHECK(strstr(json, "\"embedded\":true") != NULL);
    CHECK(strstr(json, "\"hotReload\":\"unavailable: the table is embedded in the program") != NULL);
    lokale_bundle_free(b);

    /* LOKALE_OPEN_COPY: the caller's bytes may go at once. */
    CHECK(lokale_bundle_open_memory(&b, rt, data, size, LOKALE_OPEN_COPY) == LOKALE_OK);
    memset(data, 0xEE, size);
    CHECK(lokale_bundle_lookup(&text, &len, &step, b, &m) == LOKALE_OK);
    CHECK_STR(text, "Arbeitsbereich");
    CHECK(!points_into(text, data, size));
    lokale_bundle_free(b);

    /* Misaligned bytes are copied silently, and answer as the file does. */
    CHECK(lokale_bundle_open_memory(&b, rt, misaligned, size, 0) == LOKALE_OK);
    CHECK(lokale_bundle_lookup(&text, &len, &step, b, &m) == LOKALE_OK);
    CHECK_STR(text, "Arbeitsbereich");
    CHECK(!points_into(text, misaligned, size));
    lokale_bundle_free(b);

    /* LOKALE_OPEN_VERIFY checks the payload: a flipped byte past the header is found at open
     * (without it the open succeeds, and later reads are bounds-checked). */
    memcpy(data, misaligned, size);
    CHECK(lokale_bundle_open_memory(&b, rt, data, size, LOKALE_OPEN_VERIFY) == LOKALE_OK);
    lokale_bundle_free(b);
    data[size - 2] ^= 0x5A;
    b = (lokale_bundle *)1;
    CHECK(lokale_bundle_open_memory(&b, rt, data, size, LOKALE_OPEN_VERIFY) == LOKALE_ECORRUPT && b == NULL);
    CHECK(strstr(lokale_last_error(), "payload checksum") != NULL);
    CHECK(strstr(lokale_last_error(), "table in memory") != NULL);
    data[size - 2] ^= 0x5A;

    /* Truncated and corrupt bytes: errors, never a crash. */
    int rejected = 0, tried = 0;
    for (size_t cut = 0; cut < size; cut += (cut < 128 ? 1 : 97)) {
        tried++;
        if (lokale_bundle_open_memory(&b, rt, data, cut, 0) == LOKALE_ECORRUPT && b == NULL) rejected++;
    }
    CHECK(tried > 0 && rejected == tried);
    rejected = tried = 0;
    for (size_t i = 0; i < 64; i++) {
        data[i] ^= 0xA5;
        tried++;
        int rc = lokale_bundle_open_memory(&b, rt, data, size, 0);
        if ((rc == LOKALE_ECORRUPT || rc == LOKALE_EVERSION) && b == NULL) rejected++;
        data[i] ^= 0xA5;
    }
    CHECK(tried > 0 && rejected == tried);
    static char garbage[1024];
    memset(garbage, 'x', sizeof garbage);
    CHECK(lokale_bundle_open_memory(&b, rt, garbage, sizeof garbage, 0) == LOKALE_ECORRUPT);
    CHECK(strstr(lokale_last_error(), "bad magic") != NULL);

    /* Bad arguments. */
    CHECK(lokale_bundle_open_memory(&b, rt, NULL, size, 0) == LOKALE_EINVAL);
    CHECK(strstr(lokale_last_error(), "data is NULL") != NULL);
    CHECK(lokale_bundle_open_memory(NULL, rt, data, size, 0) == LOKALE_EINVAL);
    CHECK(lokale_bundle_open_memory(&b, NULL, data, size, 0) == LOKALE_EINVAL);
    CHECK(lokale_bundle_open_memory(&b, rt, data, SIZE_MAX, 0) == LOKALE_EINVAL);
    CHECK(lokale_bundle_open_memory(&b, rt, data, (size_t)1 << 33, LOKALE_OPEN_COPY) == LOKALE_EINVAL);
    CHECK(strstr(lokale_last_error(), "4 GiB") != NULL);
    CHECK(lokale_bundle_open_memory(&b, rt, data, size, LOKALE_OPEN_MAP) == LOKALE_EINVAL);
    CHECK(lokale_bundle_open_memory(&b, rt, data, size, 0x100) == LOKALE_EINVAL);
    /* A second main bundle, as for files. */
    lokale_bundle *main1 = NULL, *main2 = NULL;
    CHECK(lokale_bundle_open_memory(&main1, rt, data, size, LOKALE_OPEN_MAIN) == LOKALE_OK);
    CHECK(lokale_bundle_open_memory(&main2, rt, data, size, LOKALE_OPEN_MAIN) == LOKALE_ESTATE && main2 == NULL);
    lokale_bundle_free(main1);

    lokale_runtime_free(rt);
    free(data);
    free(buffer);
}
