/*
 * lokale._speedups — the optional C accelerator of the Python binding.
 *
 * The accelerated backend of lokale (lokale/_backend_speedups.py; the interface is described in
 * lokale/_backend.py). Plain C over include/lokale.h: Bundle.string and Bundle.lookup call
 * lokale_bundle_lookup, and Bundle.format lokale_bundle_format (for exact int, float and str
 * arguments), directly instead of through ctypes, whose own cost per call outweighs the lookup's
 * (and a format's argument conversion more so). The module does not link against liblokale: load()
 * opens the library lokale._library found (_speedups_start.h, with the calls of a program's start),
 * and ctypes wraps the same handle, so both paths always use the same library. Failures are raised by a Python function (lokale._library.raise_status: the same
 * exceptions as the ctypes path), and format arguments this file does not convert are handed to
 * the ctypes backend (format_fallback). Built by setup.py when a compiler is present; lokale uses
 * the ctypes backend without it, or when LOKALE_PURE_PYTHON=1.
 *
 * The bundles' memos, the runtimes' generations and the requests' languages are in
 * _speedups_memo.h (part of this file: included once, below).
 *
 * Stable ABI: built against the limited API of Python 3.8 (setup.py defines Py_LIMITED_API), so
 * that one abi3 wheel serves every CPython from 3.8 on. What that API lacks, and what is done
 * instead (_speedups_abi3.h): static types (PyType_FromSpec), METH_FASTCALL and vectorcall
 * (METH_VARARGS and tp_call: a tuple per call), PyUnicode_AsUTF8AndSize (a UTF-8 bytes object held
 * for the call), PyContextVar_Get (the variable's bound get method), member descriptors' offsets
 * (the `_memo` slot read by name).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "_speedups_abi3.h"

#include <lokale.h>

static PyObject *raise_status;    /* lokale._library.raise_status(status): raises, never returns */
static PyObject *format_fallback; /* (memo, key, args, default, table, comment, locale) -> str, by ctypes */
static int raise_for(int status);
static int ready(void); /* init() was called */

#include "_speedups_start.h"
#include "_speedups_memo.h"

/* The version of the messages sent, given by init() (lokale._abi.MESSAGE_VERSION, which the ctypes
 * path sends too): both paths send the same messages, with LOKALE_MESSAGE_STRICT_ARGUMENTS, a locale
 * only to format (Bundle.format(locale=...)) and a request's languages when given. */
static uint32_t message_version;

/* The UTF-8 of a str argument, or NULL with TypeError / UnicodeEncodeError set; None gives
 * *data = NULL when optional. Same messages as lokale._args.encode. */
static int utf8_arg(PyObject *value, const char *what, int optional, const char **data,
                    Py_ssize_t *size, Held *held) {
    if (optional && value == Py_None) {
        *data = NULL;
        *size = 0;
        return 0;
    }
    if (!PyUnicode_Check(value)) {
        PyObject *name = PyObject_GetAttrString((PyObject *)Py_TYPE(value), "__name__");
        if (name != NULL) {
            PyErr_Format(PyExc_TypeError, "%s must be str, not %U", what, name);
            Py_DECREF(name);
        }
        return -1;
    }
    *data = utf8_held(value, size, held);
    return *data ? 0 : -1;
}

/* The lokale_bundle of a Memo argument. 0, or -1 with TypeError, or ClosedError once the memo is
 * closed (the GIL is held from here to the end of the library call, so no close() comes between). */
static int bundle_arg(PyObject *value, void **handle) {
    if (Py_TYPE(value) != MemoType) {
        type_error("expected a lokale._speedups.Memo, not %U", value);
        return -1;
    }
    Memo *m = (Memo *)value;
    if (m->closed) return memo_closed_error(m);
    *handle = m->handle;
    return 0;
}

/* A message of (key, default, table, comment), each None but the key; the UTF-8 stays
 * owned by the str objects. 0, or -1 with an exception. */
static int message_args(PyObject *key, PyObject *def, PyObject *table, PyObject *comment, lokale_message *m,
                        Held *held) {
    *m = lokale_message_make(NULL, NULL, NULL);
    m->version = message_version;
    m->flags = LOKALE_MESSAGE_STRICT_ARGUMENTS;
    Py_ssize_t size = 0;
    if (utf8_arg(key, "key", 0, &m->key, &size, held) < 0) return -1;
    m->key_len = size;
    /* In the order of lokale._args.MessageFields.fill: key, table, default, comment. */
    if (utf8_arg(table, "table", 1, &m->table, &size, held) < 0) return -1;
    m->table_len = size;
    if (utf8_arg(def, "default", 1, &m->default_value, &size, held) < 0) return -1;
    m->default_len = size;
    /* Checked, not passed (as lokale._args does): the library does not read it at run time. */
    const char *unused;
    return utf8_arg(comment, "comment", 1, &unused, &size, held);
}

/* The lokale_languages of an optional Request, or of an int handle (a lokale.Languages' own, which
 * the caller keeps alive for the call). 0, or -1 with TypeError. */
static int languages_arg(PyObject *value, lokale_message *m) {
    if (value == Py_None) return 0;
    if (Py_TYPE(value) == RequestType) {
        m->languages = ((Request *)value)->handle;
        return 0;
    }
    if (!PyLong_Check(value)) {
        type_error("languages must be a lokale._speedups.Request or a handle, not %U", value);
        return -1;
    }
    void *handle = PyLong_AsVoidPtr(value);
    if (handle == NULL && PyErr_Occurred()) return -1;
    m->languages = (const lokale_languages *)handle;
    return 0;
}

/* Raises the exception of a failed status (lokale._library.raise_status). Returns -1. */
static int raise_for(int status) {
    PyObject *r = PyObject_CallFunction(raise_status, "i", status);
    if (r != NULL) { /* raise_status always raises; be safe if it did not */
        Py_DECREF(r);
        PyErr_Format(PyExc_RuntimeError, "lokale: call failed with status %d", status);
    }
    return -1;
}

static int ready(void) {
    if (library_handle == NULL || raise_status == NULL || format_fallback == NULL || message_version == 0) {
        PyErr_SetString(PyExc_RuntimeError, "lokale._speedups: init() was not called");
        return 0;
    }
    return 1;
}

/* Parses (memo, key, default=None, table=None, comment=None) and looks the message up in
 * `languages` (None, a Request or a handle). Returns 0 with the text, its length and the step set, or -1 with a Python exception
 * set. The text may be the key's or the default's UTF-8 (held in `held`): read it before releasing. */
static int do_lookup(PyObject *const *args, Py_ssize_t nargs, PyObject *languages, const char **text,
                     size_t *len, lokale_step *step, Held *held) {
    if (!ready()) return -1;
    void *handle;
    lokale_message m;
    if (bundle_arg(args[0], &handle) < 0) return -1;
    if (message_args(args[1], nargs > 2 ? args[2] : Py_None, nargs > 3 ? args[3] : Py_None,
                     nargs > 4 ? args[4] : Py_None, &m, held) < 0)
        return -1;
    if (languages_arg(languages, &m) < 0) return -1;
    *text = NULL;
    *len = 0;
    *step = LOKALE_STEP_KEY;
    int status = lk.bundle_lookup(text, len, step, (const lokale_bundle *)handle, &m);
    return status == LOKALE_OK ? 0 : raise_for(status);
}

static PyObject *text_object(const char *text, size_t len) {
    if (len == 0 || text == NULL) return PyUnicode_FromStringAndSize("", 0);
    return PyUnicode_DecodeUTF8(text, (Py_ssize_t)len, "replace");
}

/* A lookup's answer — its text when `text_only`, else (text, step) — from the memo when it applies
 * (see memo_dict), else from the library, then remembered. New reference, or NULL with an
 * exception set. */
static PyObject *answer(PyObject *const *args, Py_ssize_t nargs, int text_only) {
    if (nargs < 2 || nargs > 6) {
        PyErr_Format(PyExc_TypeError, "lookup expects 2 to 6 arguments, got %zd", nargs);
        return NULL;
    }
    PyObject *languages = nargs > 5 ? args[5] : Py_None, *hold;
    if (context_request(args[0], &languages, &hold) < 0) return NULL;
    uint64_t seen = 0;
    PyObject *value = NULL;
    PyObject *dict = memo_dict(args, nargs, languages, text_only, &seen);
    if (dict != NULL) {
        value = PyDict_GetItemWithError(dict, args[1]);
        Py_XINCREF(value);
        Memo *memo = (Memo *)args[0];
        if (dict == memo->texts || dict == memo->pairs) { /* counted for remember() */
            if (value != NULL) memo->hits++;
            else memo->misses++;
        }
    }
    if (value == NULL && !PyErr_Occurred()) {
        const char *text;
        size_t len;
        lokale_step step;
        Held held = {.count = 0};
        if (do_lookup(args, nargs, languages, &text, &len, &step, &held) == 0) {
            value = text_object(text, len);
            if (value != NULL && !text_only) value = Py_BuildValue("(Ni)", value, (int)step);
            if (value != NULL && dict != NULL) remember((Memo *)args[0], seen, dict, args[1], value);
        }
        held_release(&held);
    }
    Py_XDECREF(dict);
    Py_XDECREF(hold);
    return value;
}

#include "_speedups_method.h"

/* string(memo, key, default=None, table=None, comment=None, languages=None) -> str; languages: a
 * Request (or a handle), None: those of the context (context_request), else the runtime's. */
static PyObject *string_impl(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    return answer(args, nargs, 1);
}
VARARGS(sp_string, string_impl)

/* lookup(memo, key, default=None, table=None, comment=None, languages=None) -> (str, int step) */
static PyObject *lookup_impl(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    return answer(args, nargs, 0);
}
VARARGS(sp_lookup, lookup_impl)

#define FORMAT_STACK_ARGS 16
#define FORMAT_STACK_BYTES 512

/* The lokale_arg of an exact int, float or str; 0 when it is anything else (or an int beyond 64
 * bits, or a str that is not encodable), which the ctypes path converts, or refuses, itself. */
static int c_arg(PyObject *value, lokale_arg *a, Held *held) {
    if (PyLong_CheckExact(value)) {
        int overflow = 0;
        long long v = PyLong_AsLongLongAndOverflow(value, &overflow);
        if (overflow == 0) {
            if (v == -1 && PyErr_Occurred()) { PyErr_Clear(); return 0; }
            *a = lokale_arg_int(v);
            return 1;
        }
        if (overflow < 0) return 0;
        unsigned long long u = PyLong_AsUnsignedLongLong(value);
        if (u == (unsigned long long)-1 && PyErr_Occurred()) { PyErr_Clear(); return 0; }
        *a = lokale_arg_uint(u);
        return 1;
    }
    if (PyFloat_CheckExact(value)) {
        *a = lokale_arg_double(PyFloat_AsDouble(value));
        return 1;
    }
    if (PyUnicode_CheckExact(value)) {
        Py_ssize_t size = 0;
        const char *text = utf8_held(value, &size, held);
        if (text == NULL) { PyErr_Clear(); return 0; }
        a->type = LOKALE_ARG_STRING;
        a->value.s.ptr = text;
        a->value.s.len = size;
        return 1;
    }
    return 0;
}

/* format(memo, key, args_tuple, default, table, comment, locale=None, languages=None) -> str; no
 * languages: those of the context (context_request), else the runtime's. When an argument is not
 * an exact int, float or str (or there are more than 16), format_fallback (the ctypes backend)
 * formats instead, converting and checking them with its own errors: it is given the memo and the
 * languages, and counts its call in the memo's guard (it releases the GIL). */
static PyObject *format_in(PyObject *const *args, Py_ssize_t nargs, PyObject *languages);
static PyObject *format_held(PyObject *const *args, Py_ssize_t nargs, PyObject *languages, Held *held);

static PyObject *format_impl(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs < 6 || nargs > 8 || !PyTuple_Check(args[2])) {
        PyErr_SetString(PyExc_TypeError, "format(memo, key, args_tuple, default, table, comment, locale=None, languages=None)");
        return NULL;
    }
    PyObject *languages = nargs >= 8 ? args[7] : Py_None, *hold;
    if (context_request(args[0], &languages, &hold) < 0) return NULL;
    PyObject *result = format_in(args, nargs, languages);
    Py_XDECREF(hold);
    return result;
}
VARARGS(sp_format, format_impl)

/* sp_format in `languages` (None: the runtime's; a Request, or a handle). */
static PyObject *format_in(PyObject *const *args, Py_ssize_t nargs, PyObject *languages) {
    if (!ready()) return NULL;
    Held held = {.count = 0};
    PyObject *result = format_held(args, nargs, languages, &held);
    held_release(&held);
    return result;
}

/* format_in, the UTF-8 of its strings held in `held` until the caller has the result. */
static PyObject *format_held(PyObject *const *args, Py_ssize_t nargs, PyObject *languages, Held *held) {
    void *handle;
    lokale_message m;
    PyObject *locale = nargs >= 7 ? args[6] : Py_None;
    if (bundle_arg(args[0], &handle) < 0) return NULL;
    if (message_args(args[1], args[3], args[4], args[5], &m, held) < 0) return NULL;
    /* After the comment, as lokale._args.MessageFields.fill encodes it. */
    Py_ssize_t locale_size = 0;
    if (utf8_arg(locale, "locale", 1, &m.locale, &locale_size, held) < 0) return NULL;
    m.locale_len = locale_size;
    if (languages_arg(languages, &m) < 0) return NULL;
    Py_ssize_t count = PyTuple_Size(args[2]);
    lokale_arg values[FORMAT_STACK_ARGS];
    int exact = count <= FORMAT_STACK_ARGS;
    for (Py_ssize_t i = 0; exact && i < count; i++) exact = c_arg(PyTuple_GetItem(args[2], i), &values[i], held);
    if (!exact)
        return PyObject_CallFunctionObjArgs(format_fallback, args[0], args[1], args[2], args[3], args[4], args[5],
                                            locale, languages, NULL);
    /* (dst, capacity, needed): the stack first, then the size the library reports (it may grow
     * again if another thread changes the language in between). */
    char stack[FORMAT_STACK_BYTES];
    char *buffer = stack;
    size_t capacity = sizeof stack, needed = 0;
    PyObject *result = NULL;
    for (;;) {
        int status = lk.bundle_format(buffer, capacity, &needed, (const lokale_bundle *)handle, &m, values, (size_t)count);
        if (status == LOKALE_OK) {
            result = PyUnicode_DecodeUTF8(buffer, (Py_ssize_t)needed, "replace");
            break;
        }
        if (status == LOKALE_ETRUNCATED && needed >= capacity && needed < PY_SSIZE_T_MAX) {
            if (buffer != stack) PyMem_Free(buffer);
            capacity = needed + 1;
            buffer = PyMem_Malloc(capacity);
            if (buffer == NULL) { PyErr_NoMemory(); return NULL; }
            continue;
        }
        raise_for(status);
        break;
    }
    if (buffer != stack) PyMem_Free(buffer);
    return result;
}

/* init(raise_status, format_fallback, message_version, memo_limit, lists_limit), after load() */
static PyObject *init_impl(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 5) {
        PyErr_SetString(PyExc_TypeError, "init(raise_status, format_fallback, message_version, memo_limit, lists_limit)");
        return NULL;
    }
    if (!loaded()) return NULL;
    if (!PyCallable_Check(args[0]) || !PyCallable_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "init: raise_status and format_fallback must be callable");
        return NULL;
    }
    long version = PyLong_AsLong(args[2]);
    Py_ssize_t memo = PyLong_AsSsize_t(args[3]), lists = PyLong_AsSsize_t(args[4]);
    if (PyErr_Occurred()) return NULL;
    /* The lokale_message this file fills is the one of the header it was compiled with. */
    if (version < 1 || version > LOKALE_MESSAGE_VERSION || memo < 1 || lists < 1) {
        PyErr_Format(PyExc_ValueError,
                     "init: message version %ld (this accelerator's lokale.h has %d), memo limit %zd, lists limit %zd",
                     version, LOKALE_MESSAGE_VERSION, memo, lists);
        return NULL;
    }
    Py_INCREF(args[0]);
    set_ref(&raise_status, args[0]);
    Py_INCREF(args[1]);
    set_ref(&format_fallback, args[1]);
    message_version = (uint32_t)version;
    memo_limit = memo;
    lists_limit = lists;
    Py_RETURN_NONE;
}
VARARGS(sp_init, init_impl)

static PyMethodDef methods[] = {
    START_METHODS
    {"init", sp_init, METH_VARARGS,
     "init(raise_status, format_fallback, message_version, memo_limit, lists_limit), after load(): "
     "the function that raises the exception of a failed status, the one that formats arguments this "
     "module does not convert, the version of the messages to send, and the bounds of the memos "
     "(lokale._abi's)."},
    {"watch", sp_watch, METH_O, "watch(runtime_handle) -> Generation"},
    {"memo", sp_memo, METH_VARARGS,
     "memo(bundle_handle, generation, release, on_closed) -> Memo"},
    {"request", sp_request, METH_O, "request(languages_handle) -> Request"},
    {"bind_context", sp_bind_context, METH_O,
     "bind_context(var): lookups given no languages take those of var's innermost entry for their runtime"},
    {"string_method", sp_string_method, METH_VARARGS,
     "string_method(function, memo_slot) -> Bundle.string's descriptor: function through the class, "
     "a C call through a bundle (see _speedups_method.h)"},
    {"string", sp_string, METH_VARARGS,
     "string(memo, key, default=None, table=None, comment=None, languages=None) -> str; languages None: "
     "the context's (bind_context), else the runtime's"},
    {"lookup", sp_lookup, METH_VARARGS,
     "lookup(memo, key, default=None, table=None, comment=None, languages=None) -> (str, step)"},
    {"format", sp_format, METH_VARARGS,
     "format(memo, key, args_tuple, default, table, comment, locale=None, languages=None) -> str"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "lokale._speedups",
    "The optional C accelerator of lokale (Bundle.string, Bundle.lookup and Bundle.format).", -1, methods,
    NULL, NULL, NULL, NULL,
};

/* The module's types, made from their specs (the stable ABI has no static types). 0, or -1. */
static int make_types(void) {
    struct {
        PyTypeObject **type;
        PyType_Spec *spec;
    } all[] = {
        {&GenerationType, &generation_spec}, {&MemoType, &memo_spec},         {&RequestType, &request_spec},
        {&StringMethodType, &string_method_spec}, {&BoundStringType, &bound_string_spec},
    };
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
        if (*all[i].type != NULL) continue; /* a second init of the module (another interpreter) */
        PyObject *type = PyType_FromSpec(all[i].spec);
        if (type == NULL) return -1;
        *all[i].type = (PyTypeObject *)type; /* kept for the life of the process */
    }
    return 0;
}

PyMODINIT_FUNC PyInit__speedups(void) {
    traverse_type = running_version_at_least(3, 9);
    if (make_types() < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (m == NULL) return NULL;
    Py_INCREF(GenerationType);
    Py_INCREF(MemoType);
    Py_INCREF(RequestType);
    if (PyModule_AddIntConstant(m, "HEADER_VERSION", LOKALE_VERSION_NUMBER) < 0 ||
        PyModule_AddObject(m, "Generation", (PyObject *)GenerationType) < 0 ||
        PyModule_AddObject(m, "Memo", (PyObject *)MemoType) < 0 ||
        PyModule_AddObject(m, "Request", (PyObject *)RequestType) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
