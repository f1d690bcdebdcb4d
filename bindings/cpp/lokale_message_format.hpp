// lokale_message_format.hpp — MessageFormat 2 messages given as source, for lokale.hpp (which
// includes it; include lokale.hpp, not this file).
//
//   lokale::MessageFormat files(".input {$n :integer} .match $n one {{{$n} file}} * {{{$n} files}}", "en");
//   files.format({{"n", 3}});                        // "3 files"
//   for (const lokale::part &p : files.format_to_parts({{"n", 1}})) ...
//
// A MessageFormat is a move-only RAII handle over lokale_message_format: immutable, usable from
// any number of threads at once. Arguments are {name, value} pairs (lokale::named_arg), values as
// lokale::arg takes them, plus lokale::timestamp for :date/:time/:datetime.
#ifndef LOKALE_MESSAGE_FORMAT_HPP
#define LOKALE_MESSAGE_FORMAT_HPP

#ifndef LOKALE_HPP
#error "include lokale.hpp, which includes lokale_message_format.hpp"
#endif

#include <initializer_list>

namespace lokale {

// A moment for :date, :time and :datetime: seconds since 1970 UTC, shown in an IANA time zone
// ("Europe/Paris"; empty: UTC). The zone's string must outlive the call.
struct timestamp {
    double seconds;
    std::string_view time_zone = {};
};

// A named argument: {"count", 3}, {"name", "Léa"}, {"when", lokale::timestamp{1136214245}}. A
// name or text views its string, which must outlive the call.
class named_arg {
public:
    named_arg(std::string_view name, const arg &value) noexcept : zone_() {
        a_.name = detail::ptr(name);
        a_.name_len = detail::len(name);
        a_.value = value.c();
        a_.time_zone = nullptr;
    }
    named_arg(std::string_view name, const timestamp &moment) : zone_(moment.time_zone) {
        a_.name = detail::ptr(name);
        a_.name_len = detail::len(name);
        a_.value = lokale_arg_timestamp(moment.seconds);
        a_.time_zone = zone_.empty() ? nullptr : zone_.c_str(); // the C library reads it NUL-terminated
    }
    named_arg(const named_arg &other) : a_(other.a_), zone_(other.zone_) { fix_zone(); }
    named_arg &operator=(const named_arg &other) {
        a_ = other.a_;
        zone_ = other.zone_;
        fix_zone();
        return *this;
    }

    const lokale_named_arg &c() const noexcept { return a_; }

private:
    void fix_zone() { a_.time_zone = zone_.empty() ? nullptr : zone_.c_str(); }
    lokale_named_arg a_{};
    std::string zone_; // a NUL-terminated copy of the time zone
};

// What a part is (lokale_part_kind) and an expression's u:dir (lokale_part_dir).
enum class part_kind : int {
    text = LOKALE_PART_TEXT,
    expression = LOKALE_PART_EXPRESSION,
    fallback = LOKALE_PART_FALLBACK,
    markup_open = LOKALE_PART_MARKUP_OPEN,
    markup_close = LOKALE_PART_MARKUP_CLOSE,
    markup_standalone = LOKALE_PART_MARKUP_STANDALONE,
    bidi_isolation = LOKALE_PART_BIDI_ISOLATION,
};
enum class part_dir : int { unset = LOKALE_DIR_UNSET, ltr = LOKALE_DIR_LTR, rtl = LOKALE_DIR_RTL, autodetect = LOKALE_DIR_AUTO };

// One piece of a formatted message (lokale_part), its strings copied. The values of all parts
// concatenate to the text; markup's value is empty.
struct part {
    part_kind kind = part_kind::text;
    std::string value;                 // what it adds to the text
    std::string source;                // expression, fallback: "$count", "|lit|", ":fn"
    std::string name;                  // markup: its name; expression: the value's type ("number")
    std::string locale;                // expression
    std::optional<std::string> id;     // u:id
    part_dir dir = part_dir::unset;
    std::map<std::string, std::string> options;             // markup (but u:id)
    std::vector<std::pair<std::string, std::string>> fields; // a number's (type, text), in order

    bool is_markup() const noexcept {
        return kind == part_kind::markup_open || kind == part_kind::markup_close || kind == part_kind::markup_standalone;
    }
};

namespace detail {
inline std::string copy(const char *s, std::size_t n) { return s ? std::string(s, n) : std::string(); }
inline std::vector<std::pair<std::string, std::string>> copy(const lokale_name_value *pairs, std::size_t n) {
    std::vector<std::pair<std::string, std::string>> out;
    for (std::size_t i = 0; pairs && i < n; i++) out.emplace_back(copy(pairs[i].name, pairs[i].name_len), copy(pairs[i].value, pairs[i].value_len));
    return out;
}
} // namespace detail

// An MF2 message parsed and checked once (a syntax or data model error throws lokale::error with
// LOKALE_EFORMAT and its line and column), formatted any number of times from any thread.
class MessageFormat {
public:
    MessageFormat(std::string_view source, const std::string &locale) {
        detail::check(lokale_message_format_new(&handle_, detail::ptr(source), detail::len(source), locale.c_str()));
    }
    static result<MessageFormat> try_make(std::string_view source, const std::string &locale) {
        lokale_message_format *h = nullptr;
        int status = lokale_message_format_new(&h, detail::ptr(source), detail::len(source), locale.c_str());
        if (status != LOKALE_OK) return detail::last_error(status);
        return MessageFormat(h);
    }
    MessageFormat(MessageFormat &&other) noexcept : handle_(other.handle_) { other.handle_ = nullptr; }
    MessageFormat &operator=(MessageFormat &&other) noexcept {
        if (this != &other) {
            lokale_message_format_free(handle_);
            handle_ = other.handle_;
            other.handle_ = nullptr;
        }
        return *this;
    }
    MessageFormat(const MessageFormat &) = delete;
    MessageFormat &operator=(const MessageFormat &) = delete;
    ~MessageFormat() { lokale_message_format_free(handle_); }

    explicit operator bool() const noexcept { return handle_ != nullptr; }
    const lokale_message_format *c() const noexcept { return handle_; }

    // The text: always some (a value that cannot be formatted shows as {$name}; problems() says why).
    std::string format(std::initializer_list<named_arg> args = {}) const { return format(args.begin(), args.size()); }
    std::string format(const std::vector<named_arg> &args) const { return format(args.data(), args.size()); }
    result<std::string> try_format(std::initializer_list<named_arg> args = {}) const {
        return detail::try_fill(call(lokale_message_format_format, args.begin(), args.size()));
    }

    // The errors format() meets with the same arguments, one "type: explanation" each.
    std::vector<std::string> problems(std::initializer_list<named_arg> args = {}) const {
        return lines(detail::fill_or_throw(call(lokale_message_format_problems, args.begin(), args.size())));
    }

    // The result as parts, for rendering markup and styling values without parsing the text.
    std::vector<part> format_to_parts(std::initializer_list<named_arg> args = {}) const { return format_to_parts(args.begin(), args.size()); }
    std::vector<part> format_to_parts(const std::vector<named_arg> &args) const { return format_to_parts(args.data(), args.size()); }

private:
    explicit MessageFormat(lokale_message_format *h) noexcept : handle_(h) {}

    using c_formatter = int (*)(char *, std::size_t, std::size_t *, const lokale_message_format *, const lokale_named_arg *, std::size_t);
    struct formatted_call {
        c_formatter function;
        const lokale_message_format *format;
        const named_arg *args;
        std::size_t count;
        int operator()(char *dst, std::size_t capacity, std::size_t *needed) const {
            // named_arg holds a lokale_named_arg and a string: copied into a C array.
            std::vector<lokale_named_arg> c;
            c.reserve(count);
            for (std::size_t i = 0; i < count; i++) c.push_back(args[i].c());
            return function(dst, capacity, needed, format, c.data(), c.size());
        }
    };
    formatted_call call(c_formatter f, const named_arg *args, std::size_t n) const { return formatted_call{f, handle_, args, n}; }

    std::string format(const named_arg *args, std::size_t n) const { return detail::fill_or_throw(call(lokale_message_format_format, args, n)); }

    std::vector<part> format_to_parts(const named_arg *args, std::size_t n) const {
        std::vector<lokale_named_arg> c = named_args(args, n);
        lokale_formatted_parts *raw = nullptr;
        detail::check(lokale_message_format_format_to_parts(&raw, handle_, c.data(), c.size()));
        return parts_of(raw);
    }

public:
    // named_arg holds a lokale_named_arg and a string: the C array the calls take.
    static std::vector<lokale_named_arg> named_args(const named_arg *args, std::size_t n) {
        std::vector<lokale_named_arg> c;
        c.reserve(n);
        for (std::size_t i = 0; i < n; i++) c.push_back(args[i].c());
        return c;
    }

    // The parts of a parts object, which is freed (it is the caller's).
    static std::vector<part> parts_of(lokale_formatted_parts *raw) {
        std::unique_ptr<lokale_formatted_parts, void (*)(lokale_formatted_parts *)> owned(raw, lokale_formatted_parts_free);
        std::vector<part> out;
        std::size_t count = lokale_formatted_parts_count(raw);
        out.reserve(count);
        for (std::size_t i = 0; i < count; i++) {
            const lokale_part *p = nullptr;
            detail::check(lokale_formatted_parts_get(&p, raw, i));
            part q;
            q.kind = static_cast<part_kind>(p->kind);
            q.dir = static_cast<part_dir>(p->dir);
            q.value = detail::copy(p->value, p->value_len);
            q.source = detail::copy(p->source, p->source_len);
            q.name = detail::copy(p->name, p->name_len);
            q.locale = detail::copy(p->locale, p->locale_len);
            if (p->id) q.id = detail::copy(p->id, p->id_len);
            for (auto &o : detail::copy(p->options, p->option_count)) q.options.insert(std::move(o));
            q.fields = detail::copy(p->fields, p->field_count);
            out.push_back(std::move(q));
        }
        return out;
    }

private:
    static std::vector<std::string> lines(const std::string &text) {
        std::vector<std::string> out;
        std::size_t start = 0;
        while (!text.empty() && start <= text.size()) {
            std::size_t end = text.find('\n', start);
            if (end == std::string::npos) end = text.size();
            out.emplace_back(text, start, end - start);
            start = end + 1;
        }
        return out;
    }

    lokale_message_format *handle_ = nullptr;
    friend std::vector<std::string> format_named_problems(const Bundle &, const message &, std::initializer_list<named_arg>);
};

// MF2 messages of a bundle's catalogs (.mf2.json, .po entries flagged mf2-format), looked up under
// the fallback contract and formatted with named arguments (lokale_bundle_format_named):
// lokale::format_named(bundle, "invite", {{"host", "Ana"}, {"count", 3}}).
inline std::string format_named(const Bundle &bundle, const message &m, std::initializer_list<named_arg> args = {}) {
    std::vector<lokale_named_arg> c = MessageFormat::named_args(args.begin(), args.size());
    lokale_message cm = m.c();
    return detail::fill_or_throw([&](char *dst, std::size_t capacity, std::size_t *needed) {
        return lokale_bundle_format_named(dst, capacity, needed, bundle.handle(), &cm, c.data(), c.size());
    });
}

// What format_named met, one "type: explanation" each (lokale_bundle_format_named_problems).
inline std::vector<std::string> format_named_problems(const Bundle &bundle, const message &m, std::initializer_list<named_arg> args = {}) {
    std::vector<lokale_named_arg> c = MessageFormat::named_args(args.begin(), args.size());
    lokale_message cm = m.c();
    return MessageFormat::lines(detail::fill_or_throw([&](char *dst, std::size_t capacity, std::size_t *needed) {
        return lokale_bundle_format_named_problems(dst, capacity, needed, bundle.handle(), &cm, c.data(), c.size());
    }));
}

// The JSON explanation of format_named: the lookup's trace, and for a message with .match the
// variant chosen and why (lokale_bundle_explain_named), as Bundle::explain gives for format.
inline std::string explain_named(const Bundle &bundle, const message &m, std::initializer_list<named_arg> args = {}) {
    std::vector<lokale_named_arg> c = MessageFormat::named_args(args.begin(), args.size());
    lokale_message cm = m.c();
    return detail::fill_or_throw([&](char *dst, std::size_t capacity, std::size_t *needed) {
        return lokale_bundle_explain_named(dst, capacity, needed, bundle.handle(), &cm, c.data(), c.size());
    });
}

// format_named as parts, for rich text (lokale_bundle_format_named_to_parts).
inline std::vector<part> format_named_to_parts(const Bundle &bundle, const message &m, std::initializer_list<named_arg> args = {}) {
    std::vector<lokale_named_arg> c = MessageFormat::named_args(args.begin(), args.size());
    lokale_message cm = m.c();
    lokale_formatted_parts *raw = nullptr;
    detail::check(lokale_bundle_format_named_to_parts(&raw, bundle.handle(), &cm, c.data(), c.size()));
    return MessageFormat::parts_of(raw);
}

} // namespace lokale

#endif // LOKALE_MESSAGE_FORMAT_HPP
