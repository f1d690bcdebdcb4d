/* `lokale lookup BUNDLE.lokale KEY` by the C start (lokale_front_start.h). */
#include "lokale_front_start.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lokale_fast.h"
#include "lokale_start.h"

/* An argument the lookup command reads as a positional (not an option, not empty). */
static int positional(const char *a) { return a[0] != 0 && a[0] != '-'; }

static char text[1 << 16];

int lk_front_lookup(int argc, char **argv) {
    if (argc != 4 || strcmp(argv[1], "lookup") != 0 || !positional(argv[2]) || !positional(argv[3])) return -1;
    /* The command's runtime: the environment's languages, Apple's rule, no in-app language kept;
     * its one bundle is the main bundle, which with no other bundle orders as any bundle does. */
    lk_start_runtime *rt = lk_start_runtime_new(NULL, 0, LK_POLICY_APPLE, LK_DEVICE_MAC);
    if (!rt) return -1;
    lk_handle *bundle = NULL;
    int answered = -1;
    size_t length = 0;
    if (lk_start_open(rt, argv[2], 0, 0, &bundle) == LK_START_OK) {
        const lk_plan *plan = lk_handle_plan(bundle);
        /* A bundle without the default table is the command's to explain. */
        if (plan->default_table >= 0 &&
            lk_fast_format(bundle, NULL, argv[3], -1, NULL, 0, NULL, 0, NULL, 0, text, sizeof text, &length) == LK_ANSWERED &&
            lk_utf8_valid((const uint8_t *)text, length))
            answered = 0;
    }
    if (answered == 0) { /* printed as the command prints, which a failed write does not change */
        fwrite(text, 1, length, stdout);
        fputc('\n', stdout);
        fflush(stdout);
    }
    /* The process ends here or runs the Swift command: what the start holds is freed either way. */
    lk_start_lock();
    if (bundle) {
        lk_handle_mark_freed(bundle, LK_HANDLE_BUNDLE);
        lk_start_bundle_free(lk_handle_start(bundle));
    }
    lk_handle_retire(rt->handle);
    rt->handle = NULL;
    lk_start_runtime_release(rt);
    lk_start_unlock();
    return answered;
}
