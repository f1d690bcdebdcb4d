/*
 * Cold start: a whole process that opens a bundle, looks one message up,
 * prints it and exits — lokale against glibc gettext — and the timer that runs them.
 *
 * One file, five programs (benchmarks/coldstart.sh builds each):
 *   -DENGINE_LOKALE   coldstart_lokale BUNDLE KEY PLURAL_KEY COUNT: lokale_runtime_new(NULL
 *                     options: the languages from LANGUAGE/LC_ALL/LC_MESSAGES/LANG, the in-app
 *                     language kept in the default place), lokale_bundle_open(BUNDLE,
 *                     LOKALE_OPEN_MAIN), one lokale_bundle_lookup of KEY, one lokale_bundle_format
 *                     of PLURAL_KEY with COUNT, printf, both freed.
 *   -DENGINE_GETTEXT  coldstart_gettext DIR DOMAIN KEY PLURAL_KEY COUNT: setlocale(LC_ALL, ""),
 *                     bindtextdomain, dgettext of KEY, dngettext of PLURAL_KEY with COUNT (LANGUAGE
 *                     chooses the catalog), printf.
 *   -DENGINE_LOAD     coldstart_load: linked with liblokale.so, calls only lokale_version (C, no
 *                     Swift), prints a constant: the process with liblokale.so and the libraries it
 *                     needs (ICU, the C++ runtime) loaded, relocated and initialized, nothing else.
 *   -DENGINE_NONE     coldstart_none: printf of a constant (the floor: fork, exec, libc, exit).
 *   (no engine)       coldstart_timer RUNS OUT.jsonl NAME=ENV;...=ARGV... : runs each program RUNS
 *                     times, taking turns (a, b, c, a, b, c, ...) so that a busy machine slows them
 *                     alike; one run is posix_spawn to waitpid, clock_gettime(CLOCK_MONOTONIC)
 *                     around it, with the child's user and system time from wait4. The first run
 *                     of each checks its output against the expected text. Writes one JSON object
 *                     per program (every sample, in ns) to OUT.jsonl.
 *
 * A program for the timer is one argument: NAME|EXPECTED|ENV1;ENV2;...|ARGV0 ARGV1 ... (spaces
 * separate arguments; no argument contains one here). The environment is exactly ENV*.
 */
#define _GNU_SOURCE
/* What every program prints (the ones that do no work print it as a constant). */
#define EXPECTED "Arbeitsbereich / 3 Objekte"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(ENGINE_LOKALE)
#include <lokale.h>

int main(int argc, char **argv) {
    if (argc != 5) { fprintf(stderr, "usage: coldstart_lokale BUNDLE KEY PLURAL_KEY COUNT\n"); return 2; }
    lokale_runtime *rt = NULL;
    lokale_bundle *b = NULL;
    if (lokale_runtime_new(&rt, NULL) != LOKALE_OK) { fprintf(stderr, "runtime: %s\n", lokale_last_error()); return 1; }
    if (lokale_bundle_open(&b, rt, argv[1], LOKALE_OPEN_MAIN) != LOKALE_OK) {
        fprintf(stderr, "open %s: %s\n", argv[1], lokale_last_error());
        return 1;
    }
    lokale_message m = lokale_message_make(argv[2], NULL, NULL);
    const char *text = NULL;
    size_t len = 0;
    if (lokale_bundle_lookup(&text, &len, NULL, b, &m) != LOKALE_OK) { fprintf(stderr, "lookup: %s\n", lokale_last_error()); return 1; }
    lokale_message p = lokale_message_make(argv[3], NULL, NULL);
    lokale_arg count = lokale_arg_int(atoll(argv[4]));
    char plural[256];
    if (lokale_bundle_format(plural, sizeof plural, NULL, b, &p, &count, 1) != LOKALE_OK) {
        fprintf(stderr, "format: %s\n", lokale_last_error());
        return 1;
    }
    printf("%.*s / %s\n", (int)len, text, plural);
    lokale_bundle_free(b);
    lokale_runtime_free(rt);
    return 0;
}

#elif defined(ENGINE_GETTEXT)
#include <libintl.h>
#include <locale.h>

int main(int argc, char **argv) {
    if (argc != 6) { fprintf(stderr, "usage: coldstart_gettext DIR DOMAIN KEY PLURAL_KEY COUNT\n"); return 2; }
    setlocale(LC_ALL, "");
    bindtextdomain(argv[2], argv[1]);
    bind_textdomain_codeset(argv[2], "UTF-8");
    long long n = atoll(argv[5]);
    printf("%s / ", dgettext(argv[2], argv[3]));
    printf(dngettext(argv[2], argv[4], argv[4], (unsigned long)n), n);
    printf("\n");
    return 0;
}

#elif defined(ENGINE_LOAD)
#include <lokale.h>

int main(void) {
    printf("%s\n", lokale_version() ? EXPECTED : "");
    return 0;
}

#elif defined(ENGINE_NONE)
int main(void) {
    printf("%s\n", EXPECTED);
    return 0;
}

#else /* the timer */
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdint.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAX_PROGRAMS 16
#define MAX_ARGS 16
#define MAX_ENV 16

typedef struct {
    char *name, *expected;
    char *env[MAX_ENV + 1];
    char *argv[MAX_ARGS + 1];
    int64_t *wall, *cpu; /* ns per run: wall clock, child user + system */
} program;

static char **split(char *s, const char *sep, char **out, int max) {
    int n = 0;
    for (char *save = NULL, *t = strtok_r(s, sep, &save); t && n < max; t = strtok_r(NULL, sep, &save)) out[n++] = t;
    out[n] = NULL;
    return out;
}

static int64_t now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

/* One run: spawn, wait; its stdout into out (when out != NULL) or /dev/null. */
static int run(program *p, int64_t *wall, int64_t *cpu, char *out, size_t cap) {
    int pipefd[2] = {-1, -1};
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    if (out) {
        if (pipe(pipefd) != 0) return -1;
        posix_spawn_file_actions_adddup2(&fa, pipefd[1], 1);
        posix_spawn_file_actions_addclose(&fa, pipefd[0]);
        posix_spawn_file_actions_addclose(&fa, pipefd[1]);
    } else {
        posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
    }
    pid_t pid;
    int64_t t0 = now_ns();
    int e = posix_spawn(&pid, p->argv[0], &fa, NULL, p->argv, p->env);
    posix_spawn_file_actions_destroy(&fa);
    if (e != 0) { fprintf(stderr, "%s: spawn: %s\n", p->name, strerror(e)); return -1; }
    size_t got = 0;
    if (out) {
        close(pipefd[1]);
        ssize_t n;
        while ((n = read(pipefd[0], out + got, cap - 1 - got)) > 0) got += (size_t)n;
        close(pipefd[0]);
        out[got] = 0;
    }
    int status;
    struct rusage ru;
    if (wait4(pid, &status, 0, &ru) != pid) return -1;
    *wall = now_ns() - t0;
    *cpu = ((int64_t)ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1000000000 + ((int64_t)ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1000;
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) { fprintf(stderr, "%s: exit status %d\n", p->name, status); return -1; }
    return 0;
}

int main(int argc, char **argv) {
    if (argc < 4) { fprintf(stderr, "usage: coldstart_timer RUNS OUT.jsonl 'NAME|EXPECTED|ENV;..|ARGV ..' ...\n"); return 2; }
    int runs = atoi(argv[1]), np = argc - 3;
    if (runs < 1 || np > MAX_PROGRAMS) { fprintf(stderr, "bad arguments\n"); return 2; }
    program ps[MAX_PROGRAMS];
    for (int i = 0; i < np; i++) {
        char *fields[5];
        split(argv[i + 3], "|", fields, 4);
        if (!fields[0] || !fields[1] || !fields[2] || !fields[3]) { fprintf(stderr, "bad program: %s\n", argv[i + 3]); return 2; }
        ps[i].name = fields[0];
        ps[i].expected = fields[1];
        split(fields[2], ";", ps[i].env, MAX_ENV);
        split(fields[3], " ", ps[i].argv, MAX_ARGS);
        ps[i].wall = calloc((size_t)runs, sizeof(int64_t));
        ps[i].cpu = calloc((size_t)runs, sizeof(int64_t));
        char out[4096];
        int64_t w, c;
        /* The check run (and a warm-up: page cache, dynamic loader caches), not counted. */
        if (run(&ps[i], &w, &c, out, sizeof out) != 0) return 1;
        size_t n = strlen(out);
        if (n > 0 && out[n - 1] == '\n') out[--n] = 0;
        if (strcmp(out, ps[i].expected) != 0) {
            fprintf(stderr, "%s printed '%s', expected '%s'\n", ps[i].name, out, ps[i].expected);
            return 1;
        }
    }
    for (int r = 0; r < runs; r++) {
        for (int k = 0; k < np; k++) {
            /* Take turns, starting with a different program each round. */
            program *p = &ps[(k + r) % np];
            if (run(p, &p->wall[r], &p->cpu[r], NULL, 0) != 0) return 1;
        }
    }
    FILE *f = fopen(argv[2], "w");
    if (!f) { perror(argv[2]); return 1; }
    for (int i = 0; i < np; i++) {
        fprintf(f, "{\"name\": \"%s\", \"wall_ns\": [", ps[i].name);
        for (int r = 0; r < runs; r++) fprintf(f, "%s%lld", r ? ", " : "", (long long)ps[i].wall[r]);
        fprintf(f, "], \"cpu_ns\": [");
        for (int r = 0; r < runs; r++) fprintf(f, "%s%lld", r ? ", " : "", (long long)ps[i].cpu[r]);
        fprintf(f, "]}\n");
    }
    fclose(f);
    return 0;
}
#endif
