// The header must compile as C++ too (extern "C", no C-only constructs).
#include <lokale.h>

int main() {
    lokale_message m = lokale_message_make("key", nullptr, "Default");
    lokale_arg a = lokale_arg_int(3);
    return (m.version == LOKALE_MESSAGE_VERSION && a.type == LOKALE_ARG_INT) ? 0 : 1;
}
