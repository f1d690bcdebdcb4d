/* MessageFormat 2 messages given as source through the C ABI: made once, formatted with named
 * arguments (numbers, text, moments), problems beside the text, refusals with their position,
 * handles checked, and one message formatted from several threads at once. */
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

void test_message_format(void) {
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
