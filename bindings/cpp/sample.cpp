// The seeds' window through lokale.hpp: the app's heading, PanelKit's label and the item count,
// then an in-app language switch that the window follows through on_change.
// usage: sample_cpp DIR   (DIR holds DesktopApp.lokale and PanelKit.lokale)
#include "lokale.hpp"

#include <iostream>

int main(int argc, char **argv) {
    if (argc != 2) {
        std::cerr << "usage: " << argv[0] << " DIR\n";
        return 2;
    }
    const std::string dir = argv[1];
    try {
        lokale::runtime_options options;
        options.preferred_languages = std::vector<std::string>{"it", "fr-CA", "en"};
        options.settings_path = ""; // do not persist the in-app language
        lokale::Runtime runtime(options);
        lokale::Bundle app = runtime.open(dir + "/DesktopApp.lokale", lokale::open_main);
        lokale::Bundle panel = runtime.open(dir + "/PanelKit.lokale");

        auto show = [&] {
            lokale::lookup_result title = app.lookup({"workspace.title", "Workspace"});
            std::cout << "[" << title.text << "]  (step " << static_cast<int>(title.step) << ")\n"
                      << "  " << panel.string({"panel.ready", "Panel ready"}) << "\n"
                      << "  " << app.format({"summary.item-count", "%lld items"}, 3) << "\n";
        };
        show();
        lokale::subscription reload = runtime.on_change(show);
        std::cout << "-- set_language(\"de\")\n";
        runtime.set_language("de");

        // The expected-style API: no exceptions for library failures.
        lokale::result<lokale::Bundle> missing = runtime.try_open(dir + "/Missing.lokale");
        if (!missing) std::cout << "refused: " << missing.error().status_name() << "\n";
    } catch (const lokale::error &e) {
        std::cerr << "sample: " << e.what() << "\n";
        return 1;
    }
    return 0;
}
