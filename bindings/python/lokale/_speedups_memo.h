/*
 * lokale._speedups, part 2 (included once by _speedups.c, of which it is a part: one translation
 * unit, every function static): the runtimes' Generations, the requests' Requests, and the bundles'
 * Memos with the dicts a lookup reads and fills.
 *
 * Memo: a Bundle's `Memo` holds its handle and keeps the answers of plain lookups (no default
 * value, table or comment) keyed by the key — texts for string(), (text, step) pairs for lookup() —
 * so that a repeated lookup costs one dict probe and returns the same object, as gettext's catalog
 * dict does. It is valid for one generation of its runtime's `Generation`, which counts the changes
 * that can alter a lookup's answer: the library calls generation_changed (a change callback
 * registered before any of the user's, so it runs first, after the new languages are published)
 * and the Runtime bumps it for the changes that run no callback (main bundle opened or closed,
 * device, fallback policy). A lookup that sees a new generation drops the memo.
 *
 * Requests (servers): a lokale.Languages hands lookups a `Request` — its lokale_languages handle
 * (borrowed: the Languages frees it, and whoever passes the Request keeps the Languages alive for
 * the call) and a serial number never reused in the process. The plain lookups of a Request are
 * remembered in the bundle's Memo too, per serial (list_texts, list_pairs: serial -> dict as
 * texts/pairs), dropped with the rest when the generation moves (a reload changes them as well)
 * and bounded in entries; a serial outlives its Languages harmlessly (never reused, forgotten with
 * the rest). A lookup given no languages reads the context variable of Runtime.use_languages
 * (bind_context(); lokale/_languages.py): its value is a flat tuple of (Generation, Request,
 * Languages) entries, innermost last, and the innermost entry of the memo's own Generation (its
 * runtime's) gives the Request; the value is held for the call (it keeps the Languages alive).
 *
 * Closing: the Memo is also the bundle's guard (lokale/_guard.py says why). This module's own calls
 * into the library never release the GIL, so a close() (which needs the GIL) cannot run during
 * them: they only check `closed` first. Calls that do release it — the ctypes path's, for the
 * format arguments this file hands over (format_fallback) and every other bundle function — count
 * themselves in `active` (enter() before, leave() after), and the handle is freed (`release`, a
 * Python callable) when the Memo is closed and no call is inside: by close(), or by the last leave().
 */

/* The module's types, made by its init from the specs below (make_types in _speedups.c). */
static PyTypeObject *GenerationType, *MemoType, *RequestType, *StringMethodType, *BoundStringType;

/* ---- Generation: changes of a runtime that can alter lookups ---- */

typedef struct {
    PyObject_HEAD
    uint64_t value;       /* atomic */
    uint64_t callback_id; /* the library's id of generation_changed for this object */
} Generation;

static void generation_changed(void *payload, lokale_runtime *runtime) {
    (void)runtime;
    __atomic_add_fetch(&((Generation *)payload)->value, 1, __ATOMIC_RELEASE);
}

static PyObject *generation_bump(PyObject *self, PyObject *unused) {
    (void)unused;
    generation_changed(self, NULL);
    Py_RETURN_NONE;
}

static PyObject *generation_get_value(PyObject *self, void *closure) {
    (void)closure;
    return PyLong_FromUnsignedLongLong(__atomic_load_n(&((Generation *)self)->value, __ATOMIC_ACQUIRE));
}

static PyObject *generation_get_id(PyObject *self, void *closure) {
    (void)closure;
    return PyLong_FromUnsignedLongLong(((Generation *)self)->callback_id);
}

static PyMethodDef generation_methods[] = {
    {"bump", generation_bump, METH_NOARGS, "Invalidates the memos of the runtime's bundles."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef generation_getset[] = {
    {"value", generation_get_value, NULL, "the current generation", NULL},
    {"callback_id", generation_get_id, NULL, "the id of the registered change callback", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyType_Slot generation_slots[] = {
    {Py_tp_doc, (void *)"The change count of a runtime (see watch())."},
    {Py_tp_methods, generation_methods},
    {Py_tp_getset, generation_getset},
    {Py_tp_new, no_new},
    {Py_tp_dealloc, free_instance},
    {0, NULL},
};

static PyType_Spec generation_spec = {
    "lokale._speedups.Generation", sizeof(Generation), 0, Py_TPFLAGS_DEFAULT, generation_slots,
};

/* watch(runtime_handle) -> Generation: registers generation_changed on the runtime. The caller
 * keeps the Generation alive until it has removed the callback (callback_id) or freed the runtime. */
static PyObject *sp_watch(PyObject *self, PyObject *handle_obj) {
    (void)self;
    if (!ready()) return NULL;
    void *handle = PyLong_AsVoidPtr(handle_obj);
    if (handle == NULL && PyErr_Occurred()) return NULL;
    Generation *g = PyObject_New(Generation, GenerationType);
    if (g == NULL) return NULL;
    g->value = 1;
    g->callback_id = 0;
    int status = lk.runtime_add_callback(&g->callback_id, (lokale_runtime *)handle, generation_changed, g);
    if (status != LOKALE_OK) {
        Py_DECREF(g);
        raise_for(status);
        return NULL;
    }
    return (PyObject *)g;
}

/* ---- Request: a lokale.Languages as lookups take it ---- */

typedef struct {
    PyObject_HEAD
    const lokale_languages *handle; /* borrowed from the lokale.Languages that made this */
    PyObject *serial;               /* int, unique in the process: keys the answers in the memos */
} Request;

static uint64_t request_serials; /* changed with the GIL held */

static void request_dealloc(Request *r) {
    Py_XDECREF(r->serial);
    free_instance((PyObject *)r);
}

static PyObject *request_get_handle(PyObject *self, void *closure) {
    (void)closure;
    return PyLong_FromVoidPtr((void *)((Request *)self)->handle);
}

static PyObject *request_get_serial(PyObject *self, void *closure) {
    (void)closure;
    PyObject *serial = ((Request *)self)->serial;
    Py_INCREF(serial);
    return serial;
}

static PyGetSetDef request_getset[] = {
    {"handle", request_get_handle, NULL, "the lokale_languages handle (borrowed)", NULL},
    {"serial", request_get_serial, NULL, "the number that keys its answers in the memos", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyType_Slot request_slots[] = {
    {Py_tp_doc, (void *)"A request's languages as string(), lookup() and format() take them (see request())."},
    {Py_tp_dealloc, (void *)request_dealloc},
    {Py_tp_getset, request_getset},
    {Py_tp_new, no_new},
    {0, NULL},
};

static PyType_Spec request_spec = {
    "lokale._speedups.Request", sizeof(Request), 0, Py_TPFLAGS_DEFAULT, request_slots,
};

/* request(languages_handle) -> Request. The caller (a lokale.Languages) keeps the handle alive as
 * long as the Request is passed to lookups. */
static PyObject *sp_request(PyObject *self, PyObject *handle_obj) {
    (void)self;
    void *handle = PyLong_AsVoidPtr(handle_obj);
    if (handle == NULL) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "request: NULL languages handle");
        return NULL;
    }
    Request *r = PyObject_New(Request, RequestType);
    if (r == NULL) return NULL;
    r->handle = (const lokale_languages *)handle;
    r->serial = PyLong_FromUnsignedLongLong(++request_serials);
    if (r->serial == NULL) {
        Py_DECREF(r);
        return NULL;
    }
    return (PyObject *)r;
}

/* The bound `get` method of the context variable of Runtime.use_languages, once bound
 * (bind_context); NULL before. PyContextVar_Get is not in the stable ABI: a lookup given no
 * languages calls var.get(None) instead (a call through Python's machinery, tens of ns). */
static PyObject *request_var_get;

/* bind_context(var): lookups given no languages read var from now on. */
static PyObject *sp_bind_context(PyObject *self, PyObject *var) {
    (void)self;
    PyObject *contextvars = PyImport_ImportModule("contextvars");
    if (contextvars == NULL) return NULL;
    PyObject *cls = PyObject_GetAttrString(contextvars, "ContextVar");
    Py_DECREF(contextvars);
    if (cls == NULL) return NULL;
    int exact = (PyObject *)Py_TYPE(var) == cls;
    Py_DECREF(cls);
    if (!exact) {
        type_error("bind_context expects a ContextVar, not %U", var);
        return NULL;
    }
    PyObject *get = PyObject_GetAttrString(var, "get");
    if (get == NULL) return NULL;
    set_ref(&request_var_get, get);
    Py_RETURN_NONE;
}

/* ---- Memo: a bundle's remembered plain lookups ---- */

/* memo_limit: entries; the memo starts over when it would grow past this. lists_limit: requests'
 * dicts in a memo. Both given by init() (lokale._abi.MEMO_LIMIT and LANGUAGES_REMEMBERED, which
 * the ctypes backend reads too). */
static Py_ssize_t memo_limit, lists_limit;
/* Plain lookups that go without the memo after it filled up answering fewer lookups than it missed
 * (see remember()). */
#define MEMO_BYPASS (2 * memo_limit)

typedef struct {
    PyObject_HEAD
    void *handle;          /* the lokale_bundle */
    Generation *generation;
    uint64_t seen;         /* the generation the entries belong to */
    PyObject *texts;       /* dict: key -> text, for string() (one object to reach, as gettext's dict) */
    PyObject *pairs;       /* dict: key -> (text, step), for lookup() */
    PyObject *list_texts;  /* dict: Request serial -> dict as texts, a request's languages' */
    PyObject *list_pairs;  /* dict: Request serial -> dict as pairs */
    Py_ssize_t list_entries; /* entries in the dicts of list_texts and list_pairs (about) */
    Py_ssize_t hits, misses; /* plain lookups of the runtime's languages since texts/pairs started over */
    Py_ssize_t bypass;       /* plain lookups still to answer without texts and pairs */
    /* The guard (changed with the GIL held): */
    int closed;            /* close() was called: every call raises ClosedError */
    Py_ssize_t active;     /* calls inside the library with the GIL released (enter() .. leave()) */
    PyObject *release;     /* frees the handle (once); called when closed and active == 0 */
    PyObject *on_closed;   /* raises lokale.ClosedError */
} Memo;

static void memo_dealloc(Memo *m) {
    PyObject *self = (PyObject *)m;
    Py_XDECREF(m->generation);
    Py_XDECREF(m->texts);
    Py_XDECREF(m->pairs);
    Py_XDECREF(m->list_texts);
    Py_XDECREF(m->list_pairs);
    Py_XDECREF(m->release);
    Py_XDECREF(m->on_closed);
    free_instance(self);
}

/* Raises ClosedError (through on_closed). Returns -1. */
static int memo_closed_error(Memo *m) {
    PyObject *r = PyObject_CallObject(m->on_closed, NULL);
    if (r != NULL) { /* on_closed always raises; be safe if it did not */
        Py_DECREF(r);
        PyErr_SetString(PyExc_ValueError, "lokale: the bundle is closed");
    }
    return -1;
}

/* Frees the handle (release) when the memo is closed and no call is inside. 0, or -1 with the
 * exception release raised. */
static int memo_release_if_idle(Memo *m) {
    if (!m->closed || m->active != 0) return 0;
    PyObject *r = PyObject_CallObject(m->release, NULL);
    if (r == NULL) return -1;
    Py_DECREF(r);
    return 0;
}

/* Drops every remembered answer (a change of the generation, or close()). */
static void memo_forget(Memo *m) {
    PyDict_Clear(m->texts);
    PyDict_Clear(m->pairs);
    PyDict_Clear(m->list_texts);
    PyDict_Clear(m->list_pairs);
    m->list_entries = 0;
    m->hits = m->misses = m->bypass = 0;
}

/* close(): later calls raise ClosedError; the handle is freed now if no call is inside, else by
 * the last leave(). Idempotent (release frees once). */
static PyObject *memo_close(PyObject *self, PyObject *unused) {
    (void)unused;
    Memo *m = (Memo *)self;
    m->closed = 1;
    memo_forget(m);
    if (memo_release_if_idle(m) < 0) return NULL;
    Py_RETURN_NONE;
}

/* enter() -> int: counts a call about to pass the handle to the library (releasing the GIL), and
 * returns the handle; ClosedError once closed. */
static PyObject *memo_enter(PyObject *self, PyObject *unused) {
    (void)unused;
    Memo *m = (Memo *)self;
    if (m->closed) {
        memo_closed_error(m);
        return NULL;
    }
    PyObject *address = PyLong_FromVoidPtr(m->handle);
    if (address != NULL) m->active++;
    return address;
}

/* leave(): the call entered has returned; after close(), the last one frees the handle. */
static PyObject *memo_leave(PyObject *self, PyObject *unused) {
    (void)unused;
    Memo *m = (Memo *)self;
    if (m->active <= 0) {
        PyErr_SetString(PyExc_RuntimeError, "lokale._speedups: leave() without enter()");
        return NULL;
    }
    m->active--;
    if (memo_release_if_idle(m) < 0) return NULL;
    Py_RETURN_NONE;
}

static PyObject *memo_get_closed(PyObject *self, void *closure) {
    (void)closure;
    return PyBool_FromLong(((Memo *)self)->closed);
}

static PyObject *memo_len(PyObject *self, PyObject *unused) {
    (void)unused;
    Memo *m = (Memo *)self;
    return PyLong_FromSsize_t(PyDict_Size(m->texts) + PyDict_Size(m->pairs) + m->list_entries);
}

static PyMethodDef memo_methods[] = {
    {"close", memo_close, METH_NOARGS,
     "Refuses later calls (ClosedError); frees the handle now, or when the last call inside leaves."},
    {"enter", memo_enter, METH_NOARGS, "Counts a call into the library; returns the handle."},
    {"leave", memo_leave, METH_NOARGS, "Ends a call counted by enter()."},
    {"size", memo_len, METH_NOARGS, "The number of remembered lookups."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef memo_getset[] = {
    {"closed", memo_get_closed, NULL, "whether close() was called", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyType_Slot memo_slots[] = {
    {Py_tp_doc, (void *)"A bundle's remembered plain lookups (see memo())."},
    {Py_tp_dealloc, (void *)memo_dealloc},
    {Py_tp_methods, memo_methods},
    {Py_tp_getset, memo_getset},
    {Py_tp_new, no_new},
    {0, NULL},
};

static PyType_Spec memo_spec = {
    "lokale._speedups.Memo", sizeof(Memo), 0, Py_TPFLAGS_DEFAULT, memo_slots,
};

/* memo(bundle_handle, generation, release, on_closed) -> Memo */
static PyObject *memo_impl(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 4 || !PyObject_TypeCheck(args[1], GenerationType) || !PyCallable_Check(args[2]) ||
        !PyCallable_Check(args[3])) {
        PyErr_SetString(PyExc_TypeError, "memo(bundle_handle, generation, release, on_closed)");
        return NULL;
    }
    void *handle = PyLong_AsVoidPtr(args[0]);
    if (handle == NULL && PyErr_Occurred()) return NULL;
    Memo *m = PyObject_New(Memo, MemoType);
    if (m == NULL) return NULL;
    m->handle = handle;
    Py_INCREF(args[1]);
    m->generation = (Generation *)args[1];
    m->seen = 0;
    m->closed = 0;
    m->active = 0;
    Py_INCREF(args[2]);
    m->release = args[2];
    Py_INCREF(args[3]);
    m->on_closed = args[3];
    m->list_entries = 0;
    m->hits = m->misses = m->bypass = 0;
    m->texts = PyDict_New();
    m->pairs = PyDict_New();
    m->list_texts = PyDict_New();
    m->list_pairs = PyDict_New();
    if (m->texts == NULL || m->pairs == NULL || m->list_texts == NULL || m->list_pairs == NULL) {
        Py_DECREF(m);
        return NULL;
    }
    return (PyObject *)m;
}
VARARGS(sp_memo, memo_impl)

/* The languages of a lookup given none (*languages is None): the Request of the innermost
 * use_languages block of the memo's runtime in the current context, if any (else *languages stays
 * None). *hold: the context variable's value when a Request was taken from it (a new reference, to
 * release after the call: it keeps the Languages, and so the handle, alive), else NULL. 0, or -1
 * with an exception. */
static int context_request(PyObject *memo, PyObject **languages, PyObject **hold) {
    *hold = NULL;
    if (request_var_get == NULL || *languages != Py_None || Py_TYPE(memo) != MemoType) return 0;
    PyObject *bound = PyObject_CallFunctionObjArgs(request_var_get, Py_None, NULL);
    if (bound == NULL) return -1;
    if (PyTuple_CheckExact(bound)) {
        PyObject *generation = (PyObject *)((Memo *)memo)->generation;
        for (Py_ssize_t i = PyTuple_Size(bound) - 3; i >= 0; i -= 3) {
            if (PyTuple_GetItem(bound, i) != generation) continue;
            PyObject *request = PyTuple_GetItem(bound, i + 1);
            if (Py_TYPE(request) == RequestType) {
                *languages = request;
                *hold = bound;
                return 0;
            }
            break;
        }
    }
    Py_DECREF(bound);
    return 0;
}

/* The dict a lookup reads and fills when args[0] is an open Memo and the lookup is plain (an exact
 * str key, no default value, no table, no comment): for the runtime's languages (`languages` None) the memo's texts
 * (string()) or pairs (lookup()); for a Request's, its dict in list_texts or list_pairs (made
 * here). NULL otherwise. Starts the memo over when its runtime's generation moved on. A new
 * reference: the dict of a Request may be dropped meanwhile (close() from a finalizer). */
static PyObject *memo_dict(PyObject *const *args, Py_ssize_t nargs, PyObject *languages, int texts,
                           uint64_t *seen) {
    if (Py_TYPE(args[0]) != MemoType || !PyUnicode_CheckExact(args[1]) ||
        (nargs >= 3 && args[2] != Py_None) || (nargs >= 4 && args[3] != Py_None) ||
        (nargs >= 5 && args[4] != Py_None))
        return NULL;
    if (languages != Py_None && Py_TYPE(languages) != RequestType) return NULL; /* a bare handle */
    Memo *memo = (Memo *)args[0];
    if (memo->closed) return NULL; /* do_lookup raises ClosedError */
    uint64_t now = __atomic_load_n(&memo->generation->value, __ATOMIC_ACQUIRE);
    if (now != memo->seen) {
        memo_forget(memo);
        memo->seen = now;
    }
    *seen = now;
    PyObject *dict;
    if (languages == Py_None) {
        if (memo->bypass > 0) { /* see remember() */
            memo->bypass--;
            return NULL;
        }
        dict = texts ? memo->texts : memo->pairs;
        Py_INCREF(dict);
        return dict;
    }
    PyObject *lists = texts ? memo->list_texts : memo->list_pairs;
    PyObject *serial = ((Request *)languages)->serial;
    dict = PyDict_GetItemWithError(lists, serial);
    if (dict != NULL) {
        Py_INCREF(dict);
        return dict;
    }
    if (PyErr_Occurred()) return NULL; /* int keys: cannot fail; answer() reports it */
    if (PyDict_Size(lists) >= lists_limit) { /* start over, as remember() does */
        PyDict_Clear(memo->list_texts);
        PyDict_Clear(memo->list_pairs);
        memo->list_entries = 0;
    }
    dict = PyDict_New();
    if (dict == NULL || PyDict_SetItem(lists, serial, dict) < 0) {
        Py_XDECREF(dict);
        PyErr_Clear(); /* not remembered: only slower */
        return NULL;
    }
    return dict;
}

/* Remembers value under key (the dict starts over at memo_limit; the dicts of all requests start
 * over together when they hold memo_limit entries); a failure only forgets. Not when the memo was
 * closed, or the generation moved, since memo_dict (`seen`): the answer may be of before the change
 * (another thread's, or a finalizer's lookup that ran meanwhile and started the memo over). */
static void remember(Memo *memo, uint64_t seen, PyObject *dict, PyObject *key, PyObject *value) {
    if (memo->closed || __atomic_load_n(&memo->generation->value, __ATOMIC_ACQUIRE) != seen) return;
    if (dict == memo->texts || dict == memo->pairs) {
        if (PyDict_Size(dict) >= memo_limit) {
            PyDict_Clear(dict);
            /* Filling it answered fewer lookups than it missed: the program reads more distinct
             * keys than the memo holds, about evenly (a large table read uniformly). Then every
             * lookup paid a probe, an insert and its share of this clear for nothing, which costs
             * more than the table's own lookup: go without the memo for a while, then try again. */
            int thrashing = memo->hits < memo->misses;
            memo->hits = memo->misses = 0;
            if (thrashing) {
                memo->bypass = MEMO_BYPASS;
                return;
            }
        }
    } else if (memo->list_entries >= memo_limit) {
        PyDict_Clear(memo->list_texts);
        PyDict_Clear(memo->list_pairs);
        memo->list_entries = 0;
        return; /* dict is no longer the memo's */
    }
    Py_ssize_t before = PyDict_Size(dict);
    if (PyDict_SetItem(dict, key, value) < 0) {
        PyErr_Clear();
        return;
    }
    if (dict != memo->texts && dict != memo->pairs) memo->list_entries += PyDict_Size(dict) - before;
}
