/*
 * Bundle.string as a C method (part of _speedups.c: included once, after answer()).
 *
 * A Python method costs a frame, and a call with default arguments through a bound method is not
 * one that CPython 3.11 specializes: more than the accelerated lookup itself. string_method(function,
 * member) makes the descriptor that replaces Bundle.string: through the class it is `function` (the
 * Python method: documentation, signature, Bundle.string(bundle, key)); through a bundle it is a
 * BoundString, whose call answers a lookup given no `languages` in C (the memo read from the
 * bundle's `_memo` slot, at the offset of `member`) and hands every other call to `function`. The
 * BoundString holds the bundle, as a bound method does: `runtime.open(path).string(key)` works.
 *
 * In the stable ABI (see _speedups_abi3.h) a BoundString is called through tp_call (its arguments
 * in a tuple and a dict: vectorcall joined the limited API in 3.12), and reads the bundle's memo
 * by the slot's name (the offset of a member descriptor is not reachable there).
 */

typedef struct {
    PyObject_HEAD
    PyObject *function;  /* the Python Bundle.string */
    PyObject *memo_name; /* the name of the bundle's `_memo` slot (a str) */
} StringMethod;

typedef struct {
    PyObject_HEAD
    StringMethod *method;
    PyObject *bundle;
} BoundString;

/* function(bundle, *args, **kwargs): the Python method, for what the C path does not answer. */
static PyObject *bound_string_fallback(BoundString *b, PyObject *args, PyObject *kwargs) {
    Py_ssize_t nargs = PyTuple_Size(args);
    PyObject *with_bundle = PyTuple_New(nargs + 1);
    if (with_bundle == NULL) return NULL;
    Py_INCREF(b->bundle);
    PyTuple_SetItem(with_bundle, 0, b->bundle); /* steals */
    for (Py_ssize_t i = 0; i < nargs; i++) {
        PyObject *item = PyTuple_GetItem(args, i);
        Py_INCREF(item);
        PyTuple_SetItem(with_bundle, i + 1, item);
    }
    PyObject *result = PyObject_Call(b->method->function, with_bundle, kwargs);
    Py_DECREF(with_bundle);
    return result;
}

/* The bundle's memo (a new reference), or NULL (no exception) when it has none: closed, or not
 * yet set, which the Python method reports. */
static PyObject *bound_string_memo(BoundString *b) {
    PyObject *memo = PyObject_GetAttr(b->bundle, b->method->memo_name);
    if (memo == NULL) {
        PyErr_Clear();
        return NULL;
    }
    if (Py_TYPE(memo) != MemoType) {
        Py_DECREF(memo);
        return NULL;
    }
    return memo;
}

/* bundle.string(key, default=None, table=None, comment=None, *, languages=None) */
static PyObject *bound_string_call(PyObject *callable, PyObject *args, PyObject *kwargs) {
    static const char *const names[] = {"default", "table", "comment", "languages"};
    BoundString *b = (BoundString *)callable;
    Py_ssize_t nargs = PyTuple_Size(args);
    if (nargs < 1 || nargs > 4) return bound_string_fallback(b, args, kwargs); /* its error message */
    PyObject *memo = bound_string_memo(b);
    if (memo == NULL) return bound_string_fallback(b, args, kwargs); /* closed: ClosedError */
    PyObject *a[6] = {memo, Py_None, Py_None, Py_None, Py_None, Py_None};
    for (Py_ssize_t i = 0; i < nargs; i++) a[1 + i] = PyTuple_GetItem(args, i);
    Py_ssize_t position = 0;
    PyObject *name, *value;
    while (kwargs != NULL && PyDict_Next(kwargs, &position, &name, &value)) {
        int k = 0;
        while (k < 4 && PyUnicode_CompareWithASCIIString(name, names[k]) != 0) k++;
        if (k == 4 || k + 1 < nargs || (k == 3 && value != Py_None)) { /* languages, or a wrong call */
            Py_DECREF(memo);
            return bound_string_fallback(b, args, kwargs);
        }
        a[2 + k] = value;
    }
    PyObject *result = answer(a, 6, 1);
    Py_DECREF(memo);
    return result;
}

static PyObject *bound_string_new(StringMethod *method, PyObject *bundle) {
    BoundString *b = PyObject_GC_New(BoundString, BoundStringType);
    if (b == NULL) return NULL;
    Py_INCREF(method);
    b->method = method;
    Py_INCREF(bundle);
    b->bundle = bundle;
    PyObject_GC_Track(b);
    return (PyObject *)b;
}

static int bound_string_traverse(BoundString *b, visitproc visit, void *arg) {
    if (traverse_type) Py_VISIT(Py_TYPE(b));
    Py_VISIT(b->method);
    Py_VISIT(b->bundle);
    return 0;
}

static int bound_string_clear(BoundString *b) {
    Py_CLEAR(b->method);
    Py_CLEAR(b->bundle);
    return 0;
}

static void bound_string_dealloc(BoundString *b) {
    PyTypeObject *type = Py_TYPE(b);
    PyObject_GC_UnTrack(b);
    bound_string_clear(b);
    PyObject_GC_Del(b);
    Py_DECREF(type);
}

static PyObject *bound_string_self(BoundString *b, void *unused) {
    (void)unused;
    Py_INCREF(b->bundle);
    return b->bundle;
}

static PyObject *bound_string_func(BoundString *b, void *unused) {
    (void)unused;
    Py_INCREF(b->method->function);
    return b->method->function;
}

static PyObject *bound_string_attr(BoundString *b, void *name) {
    return PyObject_GetAttrString(b->method->function, (const char *)name);
}

static PyGetSetDef bound_string_getset[] = {
    {"__self__", (getter)bound_string_self, NULL, "the bundle", NULL},
    {"__func__", (getter)bound_string_func, NULL, "Bundle.string, the Python method", NULL},
    {"__wrapped__", (getter)bound_string_func, NULL, "Bundle.string, the Python method", NULL},
    {"__doc__", (getter)bound_string_attr, NULL, NULL, "__doc__"},
    {"__name__", (getter)bound_string_attr, NULL, NULL, "__name__"},
    {"__qualname__", (getter)bound_string_attr, NULL, NULL, "__qualname__"},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyObject *bound_string_repr(BoundString *b) {
    return PyUnicode_FromFormat("<bound method Bundle.string of %R>", b->bundle);
}

static PyType_Slot bound_string_slots[] = {
    {Py_tp_call, (void *)bound_string_call},
    {Py_tp_traverse, (void *)bound_string_traverse},
    {Py_tp_clear, (void *)bound_string_clear},
    {Py_tp_dealloc, (void *)bound_string_dealloc},
    {Py_tp_getset, bound_string_getset},
    {Py_tp_repr, (void *)bound_string_repr},
    {Py_tp_new, no_new},
    {0, NULL},
};

static PyType_Spec bound_string_spec = {
    "lokale._speedups.BoundString", sizeof(BoundString), 0, Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    bound_string_slots,
};

/* Through the class: the Python method; through a bundle: a BoundString. */
static PyObject *string_method_get(PyObject *self, PyObject *obj, PyObject *type) {
    (void)type;
    StringMethod *m = (StringMethod *)self;
    if (obj == NULL || obj == Py_None) {
        Py_INCREF(m->function);
        return m->function;
    }
    return bound_string_new(m, obj);
}

static void string_method_dealloc(StringMethod *m) {
    Py_XDECREF(m->function);
    Py_XDECREF(m->memo_name);
    free_instance((PyObject *)m);
}

static PyType_Slot string_method_slots[] = {
    {Py_tp_doc, (void *)"Bundle.string's descriptor (see string_method())."},
    {Py_tp_dealloc, (void *)string_method_dealloc},
    {Py_tp_descr_get, (void *)string_method_get},
    {Py_tp_new, no_new},
    {0, NULL},
};

static PyType_Spec string_method_spec = {
    "lokale._speedups.StringMethod", sizeof(StringMethod), 0, Py_TPFLAGS_DEFAULT, string_method_slots,
};

/* string_method(function, memo_member) -> the descriptor of Bundle.string; memo_member: the
 * Bundle class's `_memo` slot (a member descriptor: its name is read once, here). */
static PyObject *string_method_impl(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    PyObject *name = NULL;
    if (nargs == 2 && PyCallable_Check(args[0])) {
        PyObject *kind = PyObject_GetAttrString((PyObject *)Py_TYPE(args[1]), "__name__");
        if (kind != NULL && PyUnicode_CompareWithASCIIString(kind, "member_descriptor") == 0)
            name = PyObject_GetAttrString(args[1], "__name__");
        Py_XDECREF(kind);
        PyErr_Clear();
    }
    if (name == NULL || !PyUnicode_Check(name)) {
        Py_XDECREF(name);
        PyErr_SetString(PyExc_TypeError, "string_method(function, memo_slot_member)");
        return NULL;
    }
    PyUnicode_InternInPlace(&name); /* found by identity in the type's attribute cache */
    StringMethod *m = PyObject_New(StringMethod, StringMethodType);
    if (m == NULL) {
        Py_DECREF(name);
        return NULL;
    }
    Py_INCREF(args[0]);
    m->function = args[0];
    m->memo_name = name;
    return (PyObject *)m;
}
VARARGS(sp_string_method, string_method_impl)
