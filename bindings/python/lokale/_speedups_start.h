/*
 * lokale._speedups, the library and a program's start (included once by _speedups.c, before the
 * memos): load() opens liblokale and finds the functions this module calls; runtime_new,
 * bundle_open, bundle_facts, the frees and failure() are what a program needs before its first
 * lookup. With them, `import lokale`, Runtime() and open() import no ctypes (whose import costs
 * more than all of them: docs/PYTHON.md); every other call still goes through ctypes, which wraps
 * the handle load() returns (ctypes.CDLL(path, handle=...)), so both reach the same library.
 */
#include <dlfcn.h>

/* Each function's type is the header's own (__typeof__): no prototype is written twice. */
#define LK_FUNCTIONS(X)                                                                           \
    X(bundle_lookup) X(bundle_format) X(runtime_add_callback) X(runtime_remove_callback)          \
    X(runtime_options_init) X(runtime_new) X(runtime_free) X(bundle_open) X(bundle_free)          \
    X(bundle_identifier) X(bundle_development_localization) X(bundle_localizations)               \
    X(last_error) X(status_name)

#define LK_MEMBER(name) __typeof__(lokale_##name) *name;
static struct {
    LK_FUNCTIONS(LK_MEMBER)
} lk; /* set once by load(), under the GIL; never unset (the library stays loaded) */
#undef LK_MEMBER

static void *library_handle;

static int loaded(void) {
    if (library_handle == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "lokale._speedups: load() was not called");
        return 0;
    }
    return 1;
}

/* load(path: bytes) -> int: dlopen's handle of the library (as ctypes.CDLL opens one: RTLD_NOW,
 * local), its functions found; OSError with the loader's message when it cannot be loaded or lacks
 * one of them. The first library loaded is the one this module calls; loading another is refused. */
static PyObject *sp_load(PyObject *self, PyObject *path) {
    (void)self;
    if (!PyBytes_Check(path)) {
        type_error("load: path must be bytes, not %U", path);
        return NULL;
    }
    const char *name = PyBytes_AsString(path);
    if (name == NULL) return NULL;
    void *handle;
    Py_BEGIN_ALLOW_THREADS
    handle = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    Py_END_ALLOW_THREADS
    if (handle == NULL) {
        const char *why = dlerror();
        PyErr_Format(PyExc_OSError, "%s", why ? why : "dlopen failed");
        return NULL;
    }
    if (library_handle != NULL && handle != library_handle) {
        dlclose(handle);
        PyErr_Format(PyExc_OSError, "%s: lokale._speedups already calls another liblokale", name);
        return NULL;
    }
    if (library_handle == NULL) {
        __typeof__(lk) found;
#define LK_FIND(fn)                                                                               \
        if ((*(void **)&found.fn = dlsym(handle, "lokale_" #fn)) == NULL) {                       \
            dlclose(handle);                                                                      \
            PyErr_Format(PyExc_OSError, "%s is not a compatible liblokale: it lacks lokale_" #fn, name); \
            return NULL;                                                                          \
        }
        LK_FUNCTIONS(LK_FIND)
#undef LK_FIND
        lk = found;
        library_handle = handle;
    } else {
        dlclose(handle); /* the same library: keep one reference */
    }
    return PyLong_FromVoidPtr(library_handle);
}

/* A Python str of a NUL-terminated UTF-8 string the library lent ("" for NULL). */
static PyObject *utf8_object(const char *text) {
    return PyUnicode_DecodeUTF8(text ? text : "", text ? (Py_ssize_t)strlen(text) : 0, "replace");
}

/* failure(status) -> (message, status_name): the calling thread's last error and the status's name,
 * what lokale._library.raise_status raises with. */
static PyObject *sp_failure(PyObject *self, PyObject *status_obj) {
    (void)self;
    if (!loaded()) return NULL;
    int status = (int)PyLong_AsLong(status_obj);
    if (status == -1 && PyErr_Occurred()) return NULL;
    const char *name = lk.status_name(status);
    return Py_BuildValue("(NN)", utf8_object(lk.last_error()), utf8_object(name ? name : "LOKALE_UNKNOWN"));
}

/* A pointer argument given as an int (a handle); 0, or -1 with an exception. */
static int handle_arg(PyObject *value, void **handle) {
    if (!PyLong_Check(value)) {
        type_error("expected a handle (int), not %U", value);
        return -1;
    }
    *handle = PyLong_AsVoidPtr(value);
    return (*handle == NULL && PyErr_Occurred()) ? -1 : 0;
}

/* An optional bytes argument: its data, or NULL for None. 0, or -1 with TypeError. */
static int bytes_arg(PyObject *value, const char *what, const char **data) {
    if (value == Py_None) {
        *data = NULL;
        return 0;
    }
    if (!PyBytes_Check(value)) {
        PyErr_Format(PyExc_TypeError, "%s must be bytes or None", what);
        return -1;
    }
    *data = PyBytes_AsString(value);
    return *data ? 0 : -1;
}

#define RUNTIME_LANGUAGES_STACK 16

/* runtime_new(languages, strategy, fallback, device, settings_path) -> (status, handle): languages
 * a list of UTF-8 bytes (None: the environment's), settings_path bytes or None. */
static PyObject *runtime_new_impl(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 5) {
        PyErr_SetString(PyExc_TypeError, "runtime_new(languages, strategy, fallback, device, settings_path)");
        return NULL;
    }
    if (!loaded()) return NULL;
    lokale_runtime_options options;
    int status = lk.runtime_options_init(&options);
    if (status != LOKALE_OK) return Py_BuildValue("(in)", status, (Py_ssize_t)0);
    long strategy = PyLong_AsLong(args[1]), fallback = PyLong_AsLong(args[2]), device = PyLong_AsLong(args[3]);
    if (PyErr_Occurred()) return NULL;
    options.strategy = (lokale_strategy)strategy;
    options.fallback_policy = (lokale_fallback_policy)fallback;
    options.device = (lokale_device)device;
    if (bytes_arg(args[4], "settings_path", &options.settings_path) < 0) return NULL;
    const char *stack[RUNTIME_LANGUAGES_STACK];
    const char **languages = NULL;
    Py_ssize_t count = 0;
    if (args[0] != Py_None) {
        if (!PyList_Check(args[0])) {
            PyErr_SetString(PyExc_TypeError, "runtime_new: languages must be a list of bytes or None");
            return NULL;
        }
        count = PyList_Size(args[0]);
        languages = count <= RUNTIME_LANGUAGES_STACK ? stack : PyMem_Malloc(sizeof *languages * (size_t)count);
        if (languages == NULL) return PyErr_NoMemory();
        for (Py_ssize_t i = 0; i < count; i++) {
            if (bytes_arg(PyList_GetItem(args[0], i), "a language", &languages[i]) < 0 || languages[i] == NULL) {
                if (!PyErr_Occurred()) PyErr_SetString(PyExc_TypeError, "a language must be bytes");
                if (languages != stack) PyMem_Free((void *)languages);
                return NULL;
            }
        }
        /* A list, even an empty one: no preferences (NULL reads the environment). */
        options.preferred_languages = languages;
        options.preferred_count = (size_t)count;
    }
    lokale_runtime *runtime = NULL;
    /* The list (and its bytes) is the caller's, which holds it for the call. */
    Py_BEGIN_ALLOW_THREADS
    status = lk.runtime_new(&runtime, &options);
    Py_END_ALLOW_THREADS
    if (languages != NULL && languages != stack) PyMem_Free((void *)languages);
    return Py_BuildValue("(iN)", status, PyLong_FromVoidPtr(runtime));
}
VARARGS(sp_runtime_new, runtime_new_impl)

/* bundle_open(runtime_handle, path: bytes, flags) -> (status, handle). The caller counts the call in
 * the runtime's guard: the GIL is released while the file is read. */
static PyObject *bundle_open_impl(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "bundle_open(runtime_handle, path, flags)");
        return NULL;
    }
    void *runtime;
    const char *path;
    if (!loaded() || handle_arg(args[0], &runtime) < 0) return NULL;
    if (bytes_arg(args[1], "path", &path) < 0) return NULL;
    unsigned long flags = PyLong_AsUnsignedLong(args[2]);
    if (PyErr_Occurred()) return NULL;
    lokale_bundle *bundle = NULL;
    int status;
    Py_BEGIN_ALLOW_THREADS
    status = lk.bundle_open(&bundle, (lokale_runtime *)runtime, path, (uint32_t)flags);
    Py_END_ALLOW_THREADS
    return Py_BuildValue("(iN)", status, PyLong_FromVoidPtr(bundle));
}
VARARGS(sp_bundle_open, bundle_open_impl)

/* bundle_facts(bundle_handle) -> (identifier, development_localization, localizations tuple);
 * raises (raise_status) on a failed status. */
static PyObject *sp_bundle_facts(PyObject *self, PyObject *handle_obj) {
    (void)self;
    void *handle;
    if (!loaded() || handle_arg(handle_obj, &handle) < 0) return NULL;
    const lokale_bundle *bundle = handle;
    const char *identifier = NULL, *development = NULL;
    const char *const *names = NULL;
    size_t count = 0;
    int status = lk.bundle_identifier(&identifier, bundle);
    if (status == LOKALE_OK) status = lk.bundle_development_localization(&development, bundle);
    if (status == LOKALE_OK) status = lk.bundle_localizations(&names, &count, bundle);
    if (status != LOKALE_OK) {
        raise_for(status);
        return NULL;
    }
    PyObject *list = PyTuple_New((Py_ssize_t)count);
    if (list == NULL) return NULL;
    for (size_t i = 0; i < count; i++) {
        PyObject *name = utf8_object(names[i]);
        if (name == NULL) {
            Py_DECREF(list);
            return NULL;
        }
        PyTuple_SetItem(list, (Py_ssize_t)i, name);
    }
    return Py_BuildValue("(NNN)", utf8_object(identifier), utf8_object(development), list);
}

/* remove_callback(runtime_handle, id) -> status */
static PyObject *remove_callback_impl(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    void *runtime;
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "remove_callback(runtime_handle, id)");
        return NULL;
    }
    if (!loaded() || handle_arg(args[0], &runtime) < 0) return NULL;
    unsigned long long id = PyLong_AsUnsignedLongLong(args[1]);
    if (PyErr_Occurred()) return NULL;
    int status;
    Py_BEGIN_ALLOW_THREADS
    status = lk.runtime_remove_callback((lokale_runtime *)runtime, (uint64_t)id);
    Py_END_ALLOW_THREADS
    return PyLong_FromLong(status);
}
VARARGS(sp_remove_callback, remove_callback_impl)

/* runtime_free(handle), bundle_free(handle): the GIL released, as ctypes calls them. */
#define FREE_FUNCTION(name, type)                                                                 \
    static PyObject *sp_##name(PyObject *self, PyObject *handle_obj) {                             \
        (void)self;                                                                               \
        void *handle;                                                                             \
        if (!loaded() || handle_arg(handle_obj, &handle) < 0) return NULL;                        \
        Py_BEGIN_ALLOW_THREADS                                                                    \
        lk.name((type *)handle);                                                                  \
        Py_END_ALLOW_THREADS                                                                      \
        Py_RETURN_NONE;                                                                           \
    }
FREE_FUNCTION(runtime_free, lokale_runtime)
FREE_FUNCTION(bundle_free, lokale_bundle)
#undef FREE_FUNCTION

#define START_METHODS                                                                             \
    {"load", sp_load, METH_O,                                                                     \
     "load(path: bytes) -> int: opens liblokale (dlopen's handle, for ctypes.CDLL(path, handle=...)) " \
     "and finds the functions this module calls; OSError when it cannot"},                        \
    {"failure", sp_failure, METH_O, "failure(status) -> (last error message, status name)"},      \
    {"runtime_new", sp_runtime_new, METH_VARARGS,                                                 \
     "runtime_new(languages: list[bytes] | None, strategy, fallback, device, settings_path: bytes | None) " \
     "-> (status, handle)"},                                                                      \
    {"runtime_free", sp_runtime_free, METH_O, "runtime_free(handle)"},                             \
    {"remove_callback", sp_remove_callback, METH_VARARGS, "remove_callback(runtime_handle, id) -> status"}, \
    {"bundle_open", sp_bundle_open, METH_VARARGS, "bundle_open(runtime_handle, path: bytes, flags) -> (status, handle)"}, \
    {"bundle_facts", sp_bundle_facts, METH_O,                                                     \
     "bundle_facts(handle) -> (identifier, development_localization, localizations)"},           \
    {"bundle_free", sp_bundle_free, METH_O, "bundle_free(handle)"},
