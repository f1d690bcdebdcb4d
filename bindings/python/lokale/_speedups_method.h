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
 */

typedef struct {
    PyObject_HEAD
    PyObject *function;      /* the Python Bundle.string */
    Py_ssize_t memo_offset;  /* of the bundle's `_memo` slot */
} StringMethod;

typedef struct {
    PyObject_HEAD
    vectorcallfunc vectorcall;
    StringMethod *method;
    PyObject *bundle;
} BoundString;

static PyTypeObject StringMethodType;
static PyTypeObject BoundStringType;

/* function(bundle, *args, **kwargs): the Python method, for what the C path does not answer. */
static PyObject *bound_string_fallback(BoundString *b, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames) {
    Py_ssize_t total = nargs + (kwnames ? PyTuple_GET_SIZE(kwnames) : 0);
    PyObject *small[8], **stack = small;
    if (total + 1 > 8) {
        stack = PyMem_Malloc((size_t)(total + 1) * sizeof(PyObject *));
        if (stack == NULL) return PyErr_NoMemory();
    }
    stack[0] = b->bundle;
    for (Py_ssize_t i = 0; i < total; i++) stack[i + 1] = args[i];
    PyObject *result = PyObject_Vectorcall(b->method->function, stack, nargs + 1, kwnames);
    if (stack != small) PyMem_Free(stack);
    return result;
}

/* bundle.string(key, default=None, table=None, comment=None, *, languages=None) */
static PyObject *bound_string_call(PyObject *callable, PyObject *const *args, size_t nargsf, PyObject *kwnames) {
    static const char *const names[] = {"default", "table", "comment", "languages"};
    BoundString *b = (BoundString *)callable;
    Py_ssize_t nargs = PyVectorcall_NARGS(nargsf);
    PyObject *memo = *(PyObject **)((char *)b->bundle + b->method->memo_offset);
    if (memo == NULL || Py_TYPE(memo) != &MemoType || nargs < 1 || nargs > 4)
        return bound_string_fallback(b, args, nargs, kwnames); /* closed, or its error message */
    PyObject *a[6] = {memo, Py_None, Py_None, Py_None, Py_None, Py_None};
    for (Py_ssize_t i = 0; i < nargs; i++) a[1 + i] = args[i];
    Py_ssize_t nkw = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
    for (Py_ssize_t j = 0; j < nkw; j++) {
        PyObject *name = PyTuple_GET_ITEM(kwnames, j);
        int k = 0;
        while (k < 4 && PyUnicode_CompareWithASCIIString(name, names[k]) != 0) k++;
        if (k == 4 || k + 1 < nargs || (k == 3 && args[nargs + j] != Py_None))
            return bound_string_fallback(b, args, nargs, kwnames); /* languages, or a wrong call */
        a[2 + k] = args[nargs + j];
    }
    return answer(a, 6, 1);
}

static PyObject *bound_string_new(StringMethod *method, PyObject *bundle) {
    BoundString *b = PyObject_GC_New(BoundString, &BoundStringType);
    if (b == NULL) return NULL;
    b->vectorcall = bound_string_call;
    Py_INCREF(method);
    b->method = method;
    Py_INCREF(bundle);
    b->bundle = bundle;
    PyObject_GC_Track(b);
    return (PyObject *)b;
}

static int bound_string_traverse(BoundString *b, visitproc visit, void *arg) {
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
    PyObject_GC_UnTrack(b);
    bound_string_clear(b);
    PyObject_GC_Del(b);
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

static PyTypeObject BoundStringType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "lokale._speedups.BoundString",
    .tp_basicsize = sizeof(BoundString),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_HAVE_VECTORCALL,
    .tp_doc = "Bundle.string bound to a bundle (see string_method()).",
    .tp_vectorcall_offset = offsetof(BoundString, vectorcall),
    .tp_call = PyVectorcall_Call,
    .tp_traverse = (traverseproc)bound_string_traverse,
    .tp_clear = (inquiry)bound_string_clear,
    .tp_dealloc = (destructor)bound_string_dealloc,
    .tp_getset = bound_string_getset,
    .tp_repr = (reprfunc)bound_string_repr,
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
    PyObject_Free(m);
}

static PyTypeObject StringMethodType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "lokale._speedups.StringMethod",
    .tp_basicsize = sizeof(StringMethod),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Bundle.string's descriptor (see string_method()).",
    .tp_dealloc = (destructor)string_method_dealloc,
    .tp_descr_get = string_method_get,
};

/* string_method(function, memo_member) -> the descriptor of Bundle.string; memo_member: the
 * Bundle class's `_memo` slot (a member descriptor: its offset is read once, here). */
static PyObject *sp_string_method(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 2 || !PyCallable_Check(args[0]) || !PyObject_TypeCheck(args[1], &PyMemberDescr_Type) ||
        ((PyMemberDescrObject *)args[1])->d_member->type != T_OBJECT_EX) {
        PyErr_SetString(PyExc_TypeError, "string_method(function, memo_slot_member)");
        return NULL;
    }
    StringMethod *m = PyObject_New(StringMethod, &StringMethodType);
    if (m == NULL) return NULL;
    Py_INCREF(args[0]);
    m->function = args[0];
    m->memo_offset = ((PyMemberDescrObject *)args[1])->d_member->offset;
    return (PyObject *)m;
}
