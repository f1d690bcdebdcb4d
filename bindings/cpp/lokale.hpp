// lokale.hpp — a header-only C++17 wrapper over include/lokale.h.
//
//   lokale::Runtime runtime({"de-AT", "en"});
//   lokale::Bundle app = runtime.open("App.lokale", lokale::open_main);
//   std::string title = app.string({"workspace.title", "Workspace"});        // "Arbeitsbereich"
//   std::string items = app.format({"summary.item-count", "%lld items"}, 3); // "3 Objekte"
//   lokale::MessageFormat files(".input {$n :integer} .match $n one {{{$n} file}} * {{{$n} files}}", "en");
//   std::string three = files.format({{"n", 3}});                              // "3 files"
//
// Two ways to handle failures:
//   - the plain methods throw lokale::error (a std::runtime_error carrying the LOKALE_E* status);
//   - the try_* methods never throw for a library failure: they return lokale::result<T>, with
//     ok(), value() (throws the error when there is none), error(), value_or() and operator*.
//
// Ownership: Runtime and Bundle are move-only RAII handles (a moved-from handle is empty; using it
// gives LOKALE_EINVAL). Bundles keep the C runtime alive, so they may outlive the Runtime object.
// Strings go in as std::string_view (need not be NUL-terminated) and come out as std::string,
// except lookup_view(), whose text is borrowed (see its comment).
//
// Threads: a Bundle may be used from any number of threads at once (as the C library allows);
// moving or destroying a handle must not race with its use.
//
// Link with `pkg-config --cflags --libs lokale`; compile with -std=c++17 or later.
#ifndef LOKALE_HPP
#define LOKALE_HPP

#include <lokale.h>

#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace lokale {

// ---------------------------------------------------------------------------------------------
// Errors and results
// ---------------------------------------------------------------------------------------------

// A failure reported by the library: status() is the LOKALE_E* code, what() the message of
// lokale_last_error() at the time of the failure (prefixed with the status name).
class error : public std::runtime_error {
public:
    error(int status, const std::string &message)
        : std::runtime_error(std::string(lokale_status_name(status)) + ": " + message),
          status_(status), message_(message) {}

    int status() const noexcept { return status_; }
    // "LOKALE_EINVAL"
    const char *status_name() const noexcept { return lokale_status_name(status_); }
    // The library's message alone.
    const std::string &message() const noexcept { return message_; }

private:
    int status_;
    std::string message_;
};

namespace detail {
// The error for status, with the calling thread's last error message.
inline error last_error(int status) {
    const char *message = lokale_last_error();
    return error(status, message ? message : "");
}
} // namespace detail

// A value or an error (expected-style): ok(), value(), error().
template <class T>
class result {
public:
    result(T value) : value_(std::move(value)) {}                 // NOLINT: implicit on purpose
    result(lokale::error failure) : error_(std::move(failure)) {} // NOLINT

    bool ok() const noexcept { return value_.has_value(); }
    explicit operator bool() const noexcept { return ok(); }

    // The value; throws the error when there is none.
    T &value() & {
        if (!value_) throw *error_;
        return *value_;
    }
    const T &value() const & {
        if (!value_) throw *error_;
        return *value_;
    }
    T &&value() && {
        if (!value_) throw *error_;
        return std::move(*value_);
    }
    T &operator*() & { return value(); }
    const T &operator*() const & { return value(); }
    T &&operator*() && { return std::move(*this).value(); }
    T *operator->() { return &value(); }
    const T *operator->() const { return &value(); }

    template <class U>
    T value_or(U &&fallback) const & {
        return value_ ? *value_ : static_cast<T>(std::forward<U>(fallback));
    }

    // The error; std::logic_error when the result holds a value.
    const lokale::error &error() const {
        if (!error_) throw std::logic_error("lokale::result::error(): the result holds a value");
        return *error_;
    }
    // The status: LOKALE_OK when the result holds a value.
    int status() const noexcept { return error_ ? error_->status() : LOKALE_OK; }

private:
    std::optional<T> value_;
    std::optional<lokale::error> error_;
};

template <>
class result<void> {
public:
    result() = default;
    result(lokale::error failure) : error_(std::move(failure)) {} // NOLINT

    bool ok() const noexcept { return !error_.has_value(); }
    explicit operator bool() const noexcept { return ok(); }
    void value() const {
        if (error_) throw *error_;
    }
    const lokale::error &error() const {
        if (!error_) throw std::logic_error("lokale::result::error(): the result holds no error");
        return *error_;
    }
    int status() const noexcept { return error_ ? error_->status() : LOKALE_OK; }

private:
    std::optional<lokale::error> error_;
};

// ---------------------------------------------------------------------------------------------
// Enums and helpers
// ---------------------------------------------------------------------------------------------

enum class step : int {
    translation = LOKALE_STEP_TRANSLATION,
    later_preference = LOKALE_STEP_LATER_PREFERENCE,
    development = LOKALE_STEP_DEVELOPMENT,
    default_value = LOKALE_STEP_DEFAULT,
    key = LOKALE_STEP_KEY,
};

enum class device : int {
    iphone = LOKALE_DEVICE_IPHONE,
    ipad = LOKALE_DEVICE_IPAD,
    ipod = LOKALE_DEVICE_IPOD,
    mac = LOKALE_DEVICE_MAC,
    applewatch = LOKALE_DEVICE_APPLEWATCH,
    appletv = LOKALE_DEVICE_APPLETV,
    applevision = LOKALE_DEVICE_APPLEVISION,
    other = LOKALE_DEVICE_OTHER,
};

enum class fallback : int { apple = LOKALE_FALLBACK_APPLE, chain = LOKALE_FALLBACK_CHAIN };
enum class strategy : int { apple = LOKALE_STRATEGY_APPLE, icu = LOKALE_STRATEGY_ICU };

// Flags of Runtime::open.
inline constexpr std::uint32_t open_main = LOKALE_OPEN_MAIN;
inline constexpr std::uint32_t open_verify = LOKALE_OPEN_VERIFY;
inline constexpr std::uint32_t open_copy = LOKALE_OPEN_COPY;
inline constexpr std::uint32_t open_map = LOKALE_OPEN_MAP;
// Flags of Bundle::reload.
inline constexpr std::uint32_t reload_force = LOKALE_RELOAD_FORCE;
inline constexpr std::uint32_t reload_verify = LOKALE_RELOAD_VERIFY;

// The library's version at run time ("0.1.0"); compare with LOKALE_VERSION_STRING.
inline std::string version() { return lokale_version(); }
inline int version_number() { return lokale_version_number(); }

namespace detail {

// Calls a (dst, capacity, needed, ...) function: a stack buffer first, then a buffer of the size
// it reported, again as long as the result keeps growing (another thread may change the
// languages in between).
template <class F>
int fill(std::string &out, F &&call) {
    char stack[256];
    std::size_t needed = 0;
    int status = call(stack, sizeof stack, &needed);
    if (status == LOKALE_OK) {
        out.assign(stack, needed);
        return status;
    }
    std::string buffer;
    while (status == LOKALE_ETRUNCATED) {
        buffer.resize(needed + 1);
        std::size_t capacity = buffer.size();
        status = call(&buffer[0], capacity, &needed);
        if (status == LOKALE_OK) {
            buffer.resize(needed);
            out = std::move(buffer);
            return status;
        }
    }
    return status;
}

template <class F>
result<std::string> try_fill(F &&call) {
    std::string out;
    int status = fill(out, std::forward<F>(call));
    if (status != LOKALE_OK) return last_error(status);
    return out;
}

template <class F>
std::string fill_or_throw(F &&call) {
    std::string out;
    int status = fill(out, std::forward<F>(call));
    if (status != LOKALE_OK) throw last_error(status);
    return out;
}

inline void check(int status) {
    if (status != LOKALE_OK) throw last_error(status);
}

inline std::vector<std::string> split(const std::string &text) {
    std::vector<std::string> parts;
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t comma = text.find(',', start);
        if (comma == std::string::npos) comma = text.size();
        if (comma > start) parts.emplace_back(text, start, comma - start);
        start = comma + 1;
    }
    return parts;
}

// A string_view as a (pointer, length) pair the C library accepts: never a NULL pointer.
inline const char *ptr(std::string_view s) { return s.data() ? s.data() : ""; }
inline std::ptrdiff_t len(std::string_view s) { return static_cast<std::ptrdiff_t>(s.size()); }

} // namespace detail

// The display name of a language for a language picker: in display_language, or in the language
// itself when display_language is empty ("Deutsch").
inline std::string display_name(const std::string &language, const std::string &display_language = {}) {
    return detail::fill_or_throw([&](char *dst, std::size_t capacity, std::size_t *needed) {
        return lokale_language_display_name(dst, capacity, needed, language.c_str(),
                                            display_language.empty() ? nullptr : display_language.c_str());
    });
}

// The language ranges of an HTTP Accept-Language header, most preferred first
// (lokale_parse_accept_language): q-values ordered, q=0, "*", repeats and malformed parts left out.
inline std::vector<std::string> parse_accept_language(std::string_view header) {
    return detail::split(detail::fill_or_throw([&](char *dst, std::size_t capacity, std::size_t *needed) {
        return lokale_parse_accept_language(dst, capacity, needed, nullptr, detail::ptr(header), detail::len(header));
    }));
}

// A request's preferred languages (lokale_languages), for messages that carry them
// (message::in(...)): answers as a runtime with these languages would give, leaving the runtime's
// own untouched. Made by Runtime::languages or Runtime::languages_for_header; shares ownership of
// the C handle, so copies are cheap and any thread may use it.
class languages {
public:
    languages() = default;
    lokale_languages *handle() const noexcept { return handle_.get(); }
    explicit operator bool() const noexcept { return handle_ != nullptr; }
    // The languages as used, most preferred first.
    std::vector<std::string> list() const {
        return detail::split(detail::fill_or_throw([&](char *d, std::size_t c, std::size_t *n) {
            return lokale_languages_list(d, c, n, handle());
        }));
    }

private:
    friend class Runtime;
    explicit languages(lokale_languages *handle) : handle_(handle, &lokale_languages_free) {}
    std::shared_ptr<lokale_languages> handle_;
};

// ---------------------------------------------------------------------------------------------
// Messages and arguments
// ---------------------------------------------------------------------------------------------

// A message reference: what to look up and what to show when the lookup fails. It only views the
// strings it is given: they must outlive the message (and, for lookup_view(), the text).
//   lokale::message m{"summary.item-count", "%lld items"};          // key, default value
//   lokale::message("open").in_table("Menu").with_default("Open")
struct message {
    std::string_view key;
    std::string_view default_value; // empty: the key is the fallback
    std::string_view table;         // empty: "Localizable"
    std::string_view comment;       // for translators and extraction only
    std::string_view locale;        // how numbers are written; empty: the serving localization
                                    // (needs a lokale.h with LOKALE_MESSAGE_VERSION >= 2)
    const lokale_languages *request = nullptr; // a request's languages; null: the runtime's

    message() = default;
    message(std::string_view k, std::string_view def = {}, std::string_view tbl = {},
            std::string_view cmt = {})
        : key(k), default_value(def), table(tbl), comment(cmt) {}
    message(const char *k) : key(k) {}          // NOLINT: implicit, so a key alone is a message
    message(const std::string &k) : key(k) {}   // NOLINT
    message(std::string &&) = delete;           // would view a temporary that dies at once

    message &with_default(std::string_view value) { default_value = value; return *this; }
    message &in_table(std::string_view value) { table = value; return *this; }
    message &with_comment(std::string_view value) { comment = value; return *this; }
    message &with_locale(std::string_view value) { locale = value; return *this; }
    // In a request's languages (the object must outlive the calls with this message).
    message &in(const lokale::languages &value) { request = value.handle(); return *this; }

    // The C struct, viewing the same memory.
    lokale_message c() const noexcept {
        lokale_message m{}; // fields a newer header adds stay NULL/0
        m.version = LOKALE_MESSAGE_VERSION;
        m.key = detail::ptr(key);
        m.key_len = detail::len(key);
        m.table = table.empty() ? nullptr : table.data();
        m.table_len = detail::len(table);
        m.default_value = default_value.empty() ? nullptr : default_value.data();
        m.default_len = detail::len(default_value);
        m.comment = comment.empty() ? nullptr : comment.data();
        m.comment_len = detail::len(comment);
#if LOKALE_MESSAGE_VERSION >= 2
        m.locale = locale.empty() ? nullptr : locale.data();
        m.locale_len = detail::len(locale);
#endif
#if LOKALE_MESSAGE_VERSION >= 4
        m.languages = request;
#endif
        return m;
    }
};

// A format argument: integers (signed -> LOKALE_ARG_INT, unsigned -> LOKALE_ARG_UINT), floating
// point (LOKALE_ARG_DOUBLE) and text (LOKALE_ARG_STRING; read as a number by numeric specifiers,
// keeping visible fraction digits: lokale::arg("1.0")). bool is refused at compile time. A text
// argument views its string, which must outlive the call.
class arg {
public:
    template <class I, std::enable_if_t<std::is_integral_v<I> && !std::is_same_v<I, bool> &&
                                            !std::is_same_v<I, char>, int> = 0>
    arg(I value) noexcept { // NOLINT: implicit
        if constexpr (std::is_signed_v<I>) a_ = lokale_arg_int(static_cast<std::int64_t>(value));
        else a_ = lokale_arg_uint(static_cast<std::uint64_t>(value));
    }
    template <class F, std::enable_if_t<std::is_floating_point_v<F>, int> = 0>
    arg(F value) noexcept { a_ = lokale_arg_double(static_cast<double>(value)); } // NOLINT
    arg(std::string_view text) noexcept { // NOLINT
        a_.type = LOKALE_ARG_STRING;
        a_.value.s.ptr = detail::ptr(text);
        a_.value.s.len = detail::len(text);
    }
    arg(const char *text) noexcept : arg(std::string_view(text ? text : "")) {} // NOLINT
    arg(const std::string &text) noexcept : arg(std::string_view(text)) {}     // NOLINT
    arg(std::string &&) = delete; // would view a temporary
    arg(bool) = delete;

    const lokale_arg &c() const noexcept { return a_; }

private:
    lokale_arg a_{};
};
static_assert(sizeof(arg) == sizeof(lokale_arg), "lokale::arg wraps lokale_arg exactly");

// The text of a lookup and the row of the fallback contract that answered it.
struct lookup_result {
    std::string text;
    lokale::step step;
};

// The same with the text borrowed: it points into the bundle's mapping (valid until the Bundle is
// destroyed) or, for step::default_value and step::key, into the message's own strings.
struct lookup_view {
    std::string_view text;
    lokale::step step;
};

// ---------------------------------------------------------------------------------------------
// Runtime
// ---------------------------------------------------------------------------------------------

struct runtime_options {
    // Most preferred first; std::nullopt reads LANGUAGE, LC_ALL, LC_MESSAGES and LANG.
    std::optional<std::vector<std::string>> preferred_languages;
    lokale::fallback fallback_policy = lokale::fallback::apple;
    lokale::device device_class = lokale::device::mac;
    lokale::strategy order = lokale::strategy::apple;
    // Where the in-app language is kept: nullopt the default location, "" not persisted.
    std::optional<std::string> settings_path;
};

class Bundle;

namespace detail {

struct callback_box {
    std::function<void()> function;
};

// The thread's first exception thrown by a change callback, rethrown once the change returns.
inline std::exception_ptr &pending_callback_exception() {
    thread_local std::exception_ptr pending;
    return pending;
}

inline void rethrow_pending() {
    std::exception_ptr &pending = pending_callback_exception();
    if (pending) {
        std::exception_ptr e = pending;
        pending = nullptr;
        std::rethrow_exception(e);
    }
}

// Nothing may unwind into the library: the trampoline catches everything.
extern "C" inline void change_trampoline(void *payload, lokale_runtime *) {
    auto *box = static_cast<callback_box *>(payload);
    try {
        box->function();
    } catch (...) {
        std::exception_ptr &pending = pending_callback_exception();
        if (!pending) pending = std::current_exception();
    }
}

// A runtime handle and its callbacks. Callback boxes live until the state is destroyed (after
// every callback was unregistered and the handle freed), so a change that is running on another
// thread while a callback is removed never calls into freed memory.
struct runtime_state {
    lokale_runtime *handle = nullptr;
    std::mutex lock;
    std::map<std::uint64_t, std::shared_ptr<callback_box>> active;
    std::vector<std::shared_ptr<callback_box>> retired;

    ~runtime_state() {
        for (auto &entry : active) lokale_runtime_remove_callback(handle, entry.first);
        lokale_runtime_free(handle);
    }

    bool remove(std::uint64_t id) {
        std::lock_guard<std::mutex> guard(lock);
        auto it = active.find(id);
        if (it == active.end()) return false;
        lokale_runtime_remove_callback(handle, id);
        retired.push_back(std::move(it->second));
        active.erase(it);
        return true;
    }
};

} // namespace detail

// A registered change callback. Destroying it (or remove()) unregisters the callback; release()
// keeps it registered for the runtime's lifetime. Safe to outlive the Runtime.
class subscription {
public:
    subscription() = default;
    subscription(subscription &&other) noexcept
        : state_(std::move(other.state_)), id_(std::exchange(other.id_, 0)) {}
    subscription &operator=(subscription &&other) noexcept {
        if (this != &other) {
            remove();
            state_ = std::move(other.state_);
            id_ = std::exchange(other.id_, 0);
        }
        return *this;
    }
    subscription(const subscription &) = delete;
    subscription &operator=(const subscription &) = delete;
    ~subscription() { remove(); }

    std::uint64_t id() const noexcept { return id_; }
    // Unregisters the callback; false when it was no longer registered.
    bool remove() noexcept {
        auto state = state_.lock();
        state_.reset();
        std::uint64_t id = std::exchange(id_, 0);
        return state && id && state->remove(id);
    }
    // Leaves the callback registered until the runtime goes away.
    void release() noexcept {
        state_.reset();
        id_ = 0;
    }

private:
    friend class Runtime;
    subscription(std::weak_ptr<detail::runtime_state> state, std::uint64_t id)
        : state_(std::move(state)), id_(id) {}
    std::weak_ptr<detail::runtime_state> state_;
    std::uint64_t id_ = 0;
};

// The user's preferred languages, the in-app language, the main bundle and the device class.
class Runtime {
public:
    // Preferred languages from the environment.
    Runtime() : Runtime(runtime_options{}) {}
    // These preferred languages, most preferred first.
    explicit Runtime(std::vector<std::string> preferred_languages)
        : Runtime(options_for(std::move(preferred_languages))) {}
    explicit Runtime(const runtime_options &options) {
        lokale_runtime *handle = nullptr;
        detail::check(create(&handle, options));
        adopt(handle);
    }

    // The non-throwing constructor.
    static result<Runtime> try_create(const runtime_options &options = {}) {
        lokale_runtime *handle = nullptr;
        int status = create(&handle, options);
        if (status != LOKALE_OK) return detail::last_error(status);
        Runtime runtime(nullptr);
        runtime.adopt(handle);
        return result<Runtime>(std::move(runtime));
    }

    Runtime(Runtime &&) noexcept = default;
    Runtime &operator=(Runtime &&) noexcept = default;
    Runtime(const Runtime &) = delete;
    Runtime &operator=(const Runtime &) = delete;
    ~Runtime() = default; // the state unregisters the callbacks and frees the handle

    // The C handle (nullptr when moved from), for calls the wrapper does not cover.
    lokale_runtime *handle() const noexcept { return state_ ? state_->handle : nullptr; }
    explicit operator bool() const noexcept { return handle() != nullptr; }

    // -- bundles --
    Bundle open(const std::string &path, std::uint32_t flags = 0);
    result<Bundle> try_open(const std::string &path, std::uint32_t flags = 0);
    // A table in memory (lokale_bundle_open_memory): data is borrowed and must outlive the bundle
    // (a table embedded by `lokale compile --emit-c-source` does), unless flags has open_copy.
    Bundle open_memory(const void *data, std::size_t size, std::uint32_t flags = 0);
    result<Bundle> try_open_memory(const void *data, std::size_t size, std::uint32_t flags = 0);

    // -- languages --
    std::vector<std::string> preferred_languages() const {
        return detail::split(detail::fill_or_throw([&](char *d, std::size_t c, std::size_t *n) {
            return lokale_runtime_preferred_languages(d, c, n, handle());
        }));
    }
    // Replaces the preferred languages (malformed ones are skipped; see diagnostics()).
    void set_preferred_languages(const std::vector<std::string> &languages) {
        std::vector<const char *> pointers;
        for (const auto &language : languages) pointers.push_back(language.c_str());
        int status = lokale_runtime_set_preferred_languages(handle(), pointers.data(), pointers.size());
        detail::rethrow_pending();
        detail::check(status);
    }
    // The in-app language ("" when the system preferences apply).
    std::string language() const {
        return detail::fill_or_throw([&](char *d, std::size_t c, std::size_t *n) {
            return lokale_runtime_language(d, c, n, handle());
        });
    }
    // Sets the in-app language (persisted as options.settings_path says); the change callbacks run
    // before it returns, and an exception one of them threw is rethrown here.
    void set_language(const std::string &language) { detail::check(change_language(language.c_str())); }
    // Returns to the system preferences.
    void reset_language() { detail::check(change_language(nullptr)); }
    result<void> try_set_language(const std::string &language) {
        int status = change_language(language.c_str());
        if (status != LOKALE_OK) return detail::last_error(status);
        return {};
    }

    void set_device(lokale::device value) {
        detail::check(lokale_runtime_set_device(handle(), static_cast<int>(value)));
    }
    void set_fallback_policy(lokale::fallback value) {
        detail::check(lokale_runtime_set_fallback_policy(handle(), static_cast<int>(value)));
    }
    // A request's languages (lokale_languages_new): pass them with message::in. Equal lists share
    // their bundles' work, so making one per request is cheap.
    lokale::languages languages(const std::vector<std::string> &list) const {
        std::vector<const char *> pointers;
        for (const auto &language : list) pointers.push_back(language.c_str());
        lokale_languages *handle = nullptr;
        detail::check(lokale_languages_new(&handle, this->handle(), pointers.data(), pointers.size()));
        return lokale::languages(handle);
    }
    // The languages of an HTTP Accept-Language header (lokale_languages_from_accept_language).
    lokale::languages languages_for_header(std::string_view header) const {
        lokale_languages *handle = nullptr;
        detail::check(lokale_languages_from_accept_language(&handle, this->handle(), detail::ptr(header), detail::len(header)));
        return lokale::languages(handle);
    }

    // Problems the runtime noticed and worked around, one per entry.
    std::vector<std::string> diagnostics() const {
        std::string text = detail::fill_or_throw([&](char *d, std::size_t c, std::size_t *n) {
            return lokale_runtime_diagnostics(d, c, n, handle());
        });
        std::vector<std::string> lines;
        std::size_t start = 0;
        while (start < text.size()) {
            std::size_t end = text.find('\n', start);
            if (end == std::string::npos) end = text.size();
            if (end > start) lines.emplace_back(text, start, end - start);
            start = end + 1;
        }
        return lines;
    }

    // Registers callback to run after the languages change, on the thread that changed them (it
    // may look messages up). The function is kept alive by the runtime; the subscription
    // unregisters it when destroyed (call release() to keep it for the runtime's lifetime).
    subscription on_change(std::function<void()> callback) {
        if (!state_) throw error(LOKALE_EINVAL, "on_change on an empty (moved-from) lokale::Runtime");
        if (!callback) throw error(LOKALE_EINVAL, "on_change needs a callable");
        auto box = std::make_shared<detail::callback_box>();
        box->function = std::move(callback);
        std::uint64_t id = 0;
        std::lock_guard<std::mutex> guard(state_->lock);
        detail::check(lokale_runtime_add_callback(&id, state_->handle, &detail::change_trampoline, box.get()));
        state_->active.emplace(id, std::move(box));
        return subscription(state_, id);
    }

private:
    explicit Runtime(std::nullptr_t) {}

    static runtime_options options_for(std::vector<std::string> languages) {
        runtime_options options;
        options.preferred_languages = std::move(languages);
        return options;
    }

    static int create(lokale_runtime **out, const runtime_options &options) {
        lokale_runtime_options c;
        int status = lokale_runtime_options_init(&c);
        if (status != LOKALE_OK) return status;
        std::vector<const char *> pointers;
        if (options.preferred_languages) {
            for (const auto &language : *options.preferred_languages) pointers.push_back(language.c_str());
            static const char *const none[1] = {nullptr};
            c.preferred_languages = pointers.empty() ? none : pointers.data();
            c.preferred_count = pointers.size();
        }
        c.fallback_policy = static_cast<int>(options.fallback_policy);
        c.device = static_cast<int>(options.device_class);
        c.strategy = static_cast<int>(options.order);
        if (options.settings_path) c.settings_path = options.settings_path->c_str();
        return lokale_runtime_new(out, &c);
    }

    void adopt(lokale_runtime *handle) {
        try {
            state_ = std::make_shared<detail::runtime_state>();
        } catch (...) {
            lokale_runtime_free(handle);
            throw;
        }
        state_->handle = handle;
    }

    int change_language(const char *language) {
        int status = lokale_runtime_set_language(handle(), language);
        detail::rethrow_pending();
        return status;
    }

    std::shared_ptr<detail::runtime_state> state_;
};

// ---------------------------------------------------------------------------------------------
// Bundle
// ---------------------------------------------------------------------------------------------

// A compiled bundle (.lokale), opened with Runtime::open. Move-only; closes on destruction.
class Bundle {
public:
    Bundle() = default; // empty
    Bundle(Bundle &&other) noexcept : handle_(std::exchange(other.handle_, nullptr)) {}
    Bundle &operator=(Bundle &&other) noexcept {
        if (this != &other) {
            lokale_bundle_free(handle_);
            handle_ = std::exchange(other.handle_, nullptr);
        }
        return *this;
    }
    Bundle(const Bundle &) = delete;
    Bundle &operator=(const Bundle &) = delete;
    ~Bundle() { lokale_bundle_free(handle_); }

    // Takes ownership of a handle from lokale_bundle_open.
    explicit Bundle(lokale_bundle *handle) noexcept : handle_(handle) {}
    lokale_bundle *handle() const noexcept { return handle_; }
    explicit operator bool() const noexcept { return handle_ != nullptr; }
    // Closes the bundle now (what the destructor does).
    void close() noexcept { lokale_bundle_free(std::exchange(handle_, nullptr)); }
    // Loads the file again if it was replaced or changed (lokale_bundle_reload); true when a new
    // version was loaded. Throws on error, and the bundle keeps the version it had.
    bool reload(std::uint32_t flags = 0) {
        int reloaded = 0;
        detail::check(lokale_bundle_reload(&reloaded, handle_, flags));
        return reloaded != 0;
    }

    // -- facts --
    std::string identifier() const { return borrowed(lokale_bundle_identifier); }
    std::string development_localization() const { return borrowed(lokale_bundle_development_localization); }
    std::vector<std::string> localizations() const {
        const char *const *names = nullptr;
        std::size_t count = 0;
        detail::check(lokale_bundle_localizations(&names, &count, handle_));
        return std::vector<std::string>(names, names + count);
    }
    // The ordered localizations for the runtime's current languages.
    std::vector<std::string> preferred_localizations() const {
        return detail::split(detail::fill_or_throw([&](char *d, std::size_t c, std::size_t *n) {
            return lokale_bundle_preferred_localizations(d, c, n, handle_);
        }));
    }

    // -- lookups (throwing) --
    // The text of the message, without formatting.
    std::string string(const message &m) const { return std::string(lookup_borrowed(m).text); }
    // The text and the row of the fallback contract that answered.
    lookup_result lookup(const message &m) const {
        lookup_view view = lookup_borrowed(m);
        return {std::string(view.text), view.step};
    }
    // Without copying: see lookup_view for how long the text lives.
    lookup_view lookup_borrowed(const message &m) const {
        lookup_view view{};
        detail::check(raw_lookup(view, m));
        return view;
    }
    // Looks up, chooses plural and device variants, formats: format(m, 3, "name", 2.5).
    template <class... Args>
    std::string format(const message &m, const Args &...args) const {
        const arg list[] = {arg(args)..., arg(0)};
        return format_args(m, list, sizeof...(Args));
    }
    std::string format_args(const message &m, const arg *args, std::size_t count) const {
        return detail::fill_or_throw(formatter(lokale_bundle_format, m, args, count));
    }
    std::string format_args(const message &m, const std::vector<arg> &args) const {
        return format_args(m, args.data(), args.size());
    }
    // The problems format(m, args...) meets, one sentence a line ("" when none): the text always
    // comes out, so this is for a caller who checks (lokale_bundle_format_problems).
    template <class... Args>
    std::string format_problems(const message &m, const Args &...args) const {
        const arg list[] = {arg(args)..., arg(0)};
        return detail::fill_or_throw(formatter(lokale_bundle_format_problems, m, list, sizeof...(Args)));
    }
    // The JSON explanation of a lookup (lokale_bundle_explain).
    template <class... Args>
    std::string explain(const message &m, const Args &...args) const {
        const arg list[] = {arg(args)..., arg(0)};
        return detail::fill_or_throw(formatter(lokale_bundle_explain, m, list, sizeof...(Args)));
    }

    // -- lookups (non-throwing) --
    result<std::string> try_string(const message &m) const {
        lookup_view view{};
        int status = raw_lookup(view, m);
        if (status != LOKALE_OK) return detail::last_error(status);
        return std::string(view.text);
    }
    result<lookup_result> try_lookup(const message &m) const {
        lookup_view view{};
        int status = raw_lookup(view, m);
        if (status != LOKALE_OK) return detail::last_error(status);
        return lookup_result{std::string(view.text), view.step};
    }
    template <class... Args>
    result<std::string> try_format(const message &m, const Args &...args) const {
        const arg list[] = {arg(args)..., arg(0)};
        return try_format_args(m, list, sizeof...(Args));
    }
    result<std::string> try_format_args(const message &m, const arg *args, std::size_t count) const {
        return detail::try_fill(formatter(lokale_bundle_format, m, args, count));
    }

private:
    using c_formatter = int (*)(char *, std::size_t, std::size_t *, const lokale_bundle *,
                                const lokale_message *, const lokale_arg *, std::size_t);

    // A (dst, capacity, needed) call of lokale_bundle_format, _format_problems or _explain.
    struct formatted_call {
        c_formatter function;
        const lokale_bundle *bundle;
        lokale_message message;
        const lokale_arg *args;
        std::size_t count;
        int operator()(char *dst, std::size_t capacity, std::size_t *needed) const {
            return function(dst, capacity, needed, bundle, &message, args, count);
        }
    };

    formatted_call formatter(c_formatter function, const message &m, const arg *args, std::size_t count) const {
        // lokale::arg is layout-identical to lokale_arg (static_assert above).
        return formatted_call{function, handle_, m.c(), count ? &args[0].c() : nullptr, count};
    }

    int raw_lookup(lookup_view &view, const message &m) const {
        lokale_message c = m.c();
        const char *text = nullptr;
        std::size_t length = 0;
        lokale_step s = LOKALE_STEP_KEY;
        int status = lokale_bundle_lookup(&text, &length, &s, handle_, &c);
        if (status == LOKALE_OK) view = {std::string_view(text ? text : "", text ? length : 0), static_cast<step>(s)};
        return status;
    }

    std::string borrowed(int (*function)(const char **, const lokale_bundle *)) const {
        const char *text = nullptr;
        detail::check(function(&text, handle_));
        return text ? text : "";
    }

    lokale_bundle *handle_ = nullptr;
};

inline Bundle Runtime::open(const std::string &path, std::uint32_t flags) {
    lokale_bundle *handle = nullptr;
    detail::check(lokale_bundle_open(&handle, this->handle(), path.c_str(), flags));
    return Bundle(handle);
}

inline result<Bundle> Runtime::try_open(const std::string &path, std::uint32_t flags) {
    lokale_bundle *handle = nullptr;
    int status = lokale_bundle_open(&handle, this->handle(), path.c_str(), flags);
    if (status != LOKALE_OK) return detail::last_error(status);
    return Bundle(handle);
}

inline Bundle Runtime::open_memory(const void *data, std::size_t size, std::uint32_t flags) {
    lokale_bundle *handle = nullptr;
    detail::check(lokale_bundle_open_memory(&handle, this->handle(), data, size, flags));
    return Bundle(handle);
}

inline result<Bundle> Runtime::try_open_memory(const void *data, std::size_t size, std::uint32_t flags) {
    lokale_bundle *handle = nullptr;
    int status = lokale_bundle_open_memory(&handle, this->handle(), data, size, flags);
    if (status != LOKALE_OK) return detail::last_error(status);
    return Bundle(handle);
}

} // namespace lokale

// MessageFormat 2 messages given as source: lokale::MessageFormat, lokale::named_arg, lokale::part.
#include "lokale_message_format.hpp"

#endif // LOKALE_HPP
