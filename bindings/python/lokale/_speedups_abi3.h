/*
 * lokale._speedups, the stable ABI's part (included once, first, by _speedups.c): what this module
 * needs that the limited API of Python 3.8 (Py_LIMITED_API=0x03080000, set by setup.py) does not
 * have, made of what it has. One abi3 build then loads in every CPython from 3.8 on; abi3audit
 * (`make test-wheel`) checks that no other symbol is used.
 */

/* ---- UTF-8 of str arguments ----
 * PyUnicode_AsUTF8AndSize (a pointer into the str's own cached UTF-8) joined the limited API in
 * 3.10. PyUnicode_AsUTF8String makes a bytes object instead: the pointer stays valid while that
 * object lives, so a call holds them (Held) until the library has returned. */

#define HELD_MAX 32 /* key, table, default, comment, locale and up to FORMAT_STACK_ARGS (16) arguments */

typedef struct {
    PyObject *items[HELD_MAX];
    int count;
} Held;

static void held_release(Held *h) {
    while (h->count > 0) Py_DECREF(h->items[--h->count]);
}

/* The UTF-8 of a str: its pointer and size, owned by a bytes object now in `h`. NULL with
 * UnicodeEncodeError (a lone surrogate) or MemoryError set. */
static const char *utf8_held(PyObject *str, Py_ssize_t *size, Held *h) {
    if (h->count >= HELD_MAX) {
        PyErr_SetString(PyExc_RuntimeError, "lokale._speedups: too many strings in one call");
        return NULL;
    }
    PyObject *bytes = PyUnicode_AsUTF8String(str);
    if (bytes == NULL) return NULL;
    char *data;
    if (PyBytes_AsStringAndSize(bytes, &data, size) < 0) {
        Py_DECREF(bytes);
        return NULL;
    }
    h->items[h->count++] = bytes;
    return data;
}

/* ---- Type names in messages ----
 * PyTypeObject is opaque (no tp_name): `type(value).__name__`, as lokale._args writes it. */
static void type_error(const char *format_with_U, PyObject *value) {
    PyObject *name = PyObject_GetAttrString((PyObject *)Py_TYPE(value), "__name__");
    if (name == NULL) return;
    PyErr_Format(PyExc_TypeError, format_with_U, name);
    Py_DECREF(name);
}

/* ---- Calls ----
 * METH_FASTCALL joined the limited API in 3.10: the module's functions are METH_VARARGS, and
 * VARARGS(name, impl) makes one of an impl(self, args, nargs) written as a fast call (the tuple's
 * items, borrowed, in an array; a longer tuple gives its length and no items, for impl to refuse). */
#define VARARGS_MAX 8
#define VARARGS(name, impl)                                                                   \
    static PyObject *name(PyObject *self, PyObject *tuple) {                                  \
        PyObject *items[VARARGS_MAX];                                                         \
        Py_ssize_t n = PyTuple_Size(tuple);                                                   \
        if (n < 0) return NULL;                                                               \
        for (Py_ssize_t i = 0; i < n && i < VARARGS_MAX; i++) items[i] = PyTuple_GetItem(tuple, i); \
        return impl(self, items, n);                                                          \
    }

/* Replaces *slot with value (a new reference), dropping the old one (Py_XSETREF is not limited). */
static void set_ref(PyObject **slot, PyObject *value) {
    PyObject *old = *slot;
    *slot = value;
    Py_XDECREF(old);
}

/* ---- Types ----
 * Static PyTypeObjects are not in the limited API: every type is made by PyType_FromSpec when the
 * module is initialized. A heap type without tp_new would inherit object's (3.10 added
 * Py_TPFLAGS_DISALLOW_INSTANTIATION): instances are made by this module's functions only. */
static PyObject *no_new(PyTypeObject *type, PyObject *args, PyObject *kwargs) {
    (void)args;
    (void)kwargs;
    PyObject *name = PyObject_GetAttrString((PyObject *)type, "__name__");
    if (name == NULL) return NULL;
    PyErr_Format(PyExc_TypeError, "cannot create 'lokale._speedups.%U' instances", name);
    Py_DECREF(name);
    return NULL;
}

/* Instances of a heap type hold a reference to it (since 3.8): their dealloc drops it. */
static void free_instance(PyObject *self) {
    PyTypeObject *type = Py_TYPE(self);
    PyObject_Free(self);
    Py_DECREF(type);
}

/* From 3.9 a garbage-collected instance of a heap type visits its type (tp_traverse); 3.8 does not
 * count that reference. Set by the module's init from the running Python's version. */
static int traverse_type;

static int running_version_at_least(int major, int minor) {
    int running_major = 0, running_minor = 0;
    const char *v = Py_GetVersion(); /* "3.11.7 (main, ...)" */
    while (*v >= '0' && *v <= '9') running_major = running_major * 10 + (*v++ - '0');
    if (*v == '.') v++;
    while (*v >= '0' && *v <= '9') running_minor = running_minor * 10 + (*v++ - '0');
    return running_major > major || (running_major == major && running_minor >= minor);
}
