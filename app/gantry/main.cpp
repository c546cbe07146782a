// gantry [FILE]: the desktop application. Opens FILE (a project, *.gantry, or a scenario, *.json)
// when given. With --screenshot DIR it opens FILE, runs the comparison, saves a PNG of each main
// view (cluster editor, job editor, results Gantt, heatmap, charts, compare, teaching) into DIR
// and quits (--size WxH sets the window's size): scripts/screenshots.sh regenerates
// docs/screenshots/ with it. With --sweep SWEEP.json as well it then runs that sweep in the Plan
// view and saves plan.png, plan-heatmap.png and plan-points.png; with --saved-sweep instead, the
// project's first saved sweep is run again from the project tree. --palette light|dark picks the
// colours, as View > Dark Palette does.

#include "cluster/clustereditor.h"
#include "cluster/clusterview.h"
#include "document/projectdocument.h"
#include "mainwindow.h"
#include "plan/planview.h"
#include "results/resultspanel.h"
#include "window/apppalette.h"

#include <QApplication>
#include <QByteArray>
#include <QCommandLineParser>
#include <QDir>
#include <QIcon>
#include <QSize>
#include <QStringList>
#include <QTabWidget>
#include <QTextStream>
#include <QTimer>
#include <QTreeWidget>

#include <cstdio>
#include <utility>

namespace {

void describeApplication()
{
    QCoreApplication::setApplicationName(QStringLiteral("Gantry"));
    QCoreApplication::setApplicationVersion(QStringLiteral(GANTRY_VERSION));
    QCoreApplication::setOrganizationName(QStringLiteral("Gantry"));
}

void addOptions(QCommandLineParser& parser)
{
    parser.setApplicationDescription(
        QCoreApplication::translate("main", "GPU-cluster scheduling planner."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(
        QStringLiteral("file"),
        QCoreApplication::translate("main", "Project (*.gantry) or scenario (*.json) to open."),
        QStringLiteral("[FILE]"));
    parser.addOption({QStringLiteral("screenshot"),
                      QCoreApplication::translate(
                          "main", "Open FILE, run the comparison, save a PNG of each main view "
                                  "into DIR and quit."),
                      QStringLiteral("DIR")});
    parser.addOption(
        {QStringLiteral("scenario"),
         QCoreApplication::translate("main", "Scenario of the project to show (index, from "
                                             "0; default 0)."),
         QStringLiteral("N"), QStringLiteral("0")});
    parser.addOption(
        {QStringLiteral("policies"),
         QCoreApplication::translate("main", "Policies to compare, comma-separated (with "
                                             "--screenshot; default fifo,sjf,tiresias,asrpt)."),
         QStringLiteral("P1,P2,..."), QStringLiteral("fifo,sjf,tiresias,asrpt")});
    parser.addOption(
        {QStringLiteral("size"),
         QCoreApplication::translate("main", "Window size for --screenshot (default 1400x900)."),
         QStringLiteral("WxH"), QStringLiteral("1400x900")});
    parser.addOption(
        {QStringLiteral("sweep"),
         QCoreApplication::translate("main", "With --screenshot: also run this sweep file in "
                                             "the Plan view and save plan.png."),
         QStringLiteral("SWEEP.json")});
    parser.addOption(
        {QStringLiteral("saved-sweep"),
         QCoreApplication::translate("main", "With --screenshot on a project: also run its first "
                                             "saved sweep again in the Plan view (as a "
                                             "double-click in the project tree does) and save "
                                             "plan.png.")});
    parser.addOption({QStringLiteral("palette"),
                      QCoreApplication::translate(
                          "main", "Colours: light or dark (default: as View > Dark Palette "
                                  "was left)."),
                      QStringLiteral("light|dark")});
}

// Double-clicks the first saved sweep of the project tree (scrolled into view) as a user would;
// false when there is none or it does not start.
bool openFirstSavedSweep(gantry::ui::MainWindow& window)
{
    QTreeWidget* tree = window.projectTree();
    for (int i = 0; i < tree->topLevelItemCount(); ++i) {
        QTreeWidgetItem* scenario = tree->topLevelItem(i);
        for (int k = 0; k < scenario->childCount(); ++k) {
            QTreeWidgetItem* item = scenario->child(k);
            if (!item->text(0).startsWith(QStringLiteral("sweep ")))
                continue;
            tree->setCurrentItem(item);
            tree->scrollToItem(item);
            emit tree->itemActivated(item, 0);
            return window.planView()->isRunning() ||
                   window.planView()->lastOutcome() == gantry::ui::PlanView::Outcome::Completed;
        }
    }
    return false;
}

// "1280x800" as a size; an invalid size when it is not one (each side 320 to 8192).
QSize parseSize(const QString& text)
{
    const QStringList parts = text.split(QLatin1Char('x'));
    bool w = false, h = false;
    const QSize size = parts.size() == 2 ? QSize(parts[0].toInt(&w), parts[1].toInt(&h)) : QSize();
    const bool inRange = size.width() >= 320 && size.width() <= 8192 && size.height() >= 320 &&
                         size.height() <= 8192;
    return w && h && inRange ? size : QSize();
}

void fail(const QString& message)
{
    QTextStream(stderr) << message << Qt::endl;
}

// Saves a grab of the window into dir/name.png; false (message on stderr) if it cannot.
bool grabInto(QWidget& window, const QDir& dir, const QString& name)
{
    for (int i = 0; i < 3; ++i)
        QCoreApplication::processEvents();
    const QString path = dir.filePath(name + QStringLiteral(".png"));
    if (!window.grab().save(path)) {
        fail(QStringLiteral("%1: cannot be written").arg(path));
        return false;
    }
    QTextStream(stdout) << path << Qt::endl;
    return true;
}

// Every view of a finished comparison, one PNG each.
int takeScreenshots(gantry::ui::MainWindow& window, const QDir& dir)
{
    using gantry::ui::MainWindow;
    bool ok = true;
    window.showTab(MainWindow::Tab::Cluster);
    window.clusterEditor()->view()->zoomToFit();
    ok = grabInto(window, dir, QStringLiteral("cluster")) && ok;

    // The job editor with the first model (else graph) job selected, so that its graph shows.
    gantry::ui::ProjectDocument* doc = window.document();
    int job = -1;
    for (gantry::JobKind kind : {gantry::JobKind::Model, gantry::JobKind::Graph})
        for (std::size_t i = 0; job < 0 && i < doc->current().jobs.size(); ++i)
            if (doc->current().jobs[i].kind == kind)
                job = int(i);
    if (job >= 0)
        doc->setSelection({gantry::ui::Selection::Kind::Job, {job}});
    window.showTab(MainWindow::Tab::Jobs);
    ok = grabInto(window, dir, QStringLiteral("jobs")) && ok;
    doc->setSelection({});

    window.showTab(MainWindow::Tab::Results);
    gantry::ui::ResultsPanel* results = window.resultsPanel();
    const int last = int(window.lastRuns().size()) - 1;
    results->setCurrentRun(last); // the last policy (asrpt by default, with its virtual machine)
    if (last >= 1)
        results->setComparison(0, last);
    QTabWidget* tabs = results->tabs();
    for (int i = 0; i < tabs->count(); ++i) {
        tabs->setCurrentIndex(i);
        ok = grabInto(window, dir, tabs->tabText(i).remove(QLatin1Char('&')).toLower()) && ok;
    }
    return ok ? 0 : 1;
}

// The Plan view's results, one PNG per tab: plan (the scatter), plan-heatmap, plan-points.
bool shootPlan(gantry::ui::MainWindow& window, const QDir& dir)
{
    QTabWidget* tabs = window.planView()->viewTabs();
    const QStringList names{QStringLiteral("plan"), QStringLiteral("plan-heatmap"),
                            QStringLiteral("plan-points")};
    bool ok = true;
    for (int i = 0; i < tabs->count() && i < names.size(); ++i) {
        tabs->setCurrentIndex(i);
        ok = grabInto(window, dir, names[i]) && ok;
    }
    tabs->setCurrentIndex(0);
    return ok;
}

bool wantsInformationOnly(int argc, char* argv[])
{
    for (int i = 1; i < argc; ++i) {
        const QByteArray arg(argv[i]);
        if (arg == "-h" || arg == "--help" || arg == "--help-all" || arg == "-?" || arg == "-v" ||
            arg == "--version")
            return true;
    }
    return false;
}

} // namespace

int main(int argc, char* argv[])
{
    // --help and --version must work without a display, so they are answered before a
    // QApplication tries to connect to one. process() prints and exits.
    if (wantsInformationOnly(argc, argv)) {
        QCoreApplication core(argc, argv);
        describeApplication();
        QCommandLineParser parser;
        addOptions(parser);
        parser.process(core);
    }

    QApplication app(argc, argv);
    describeApplication();
    // The installed desktop entry (gantry.desktop) and the theme's icon; the built-in copy of the
    // icon serves a build tree.
    QGuiApplication::setDesktopFileName(QStringLiteral("gantry"));
    QApplication::setWindowIcon(
        QIcon::fromTheme(QStringLiteral("gantry"), QIcon(QStringLiteral(":/gantry/gantry.svg"))));
    QCommandLineParser parser;
    addOptions(parser);
    parser.process(app);

    bool dark = gantry::ui::AppPalette::saved();
    if (parser.isSet(QStringLiteral("palette"))) {
        const QString palette = parser.value(QStringLiteral("palette"));
        if (palette != QLatin1String("light") && palette != QLatin1String("dark")) {
            fail(QStringLiteral("--palette %1: say light or dark").arg(palette));
            return 2;
        }
        dark = palette == QLatin1String("dark");
    }
    gantry::ui::AppPalette::apply(dark);

    gantry::ui::MainWindow window;
    const QStringList files = parser.positionalArguments();
    if (parser.isSet(QStringLiteral("screenshot"))) {
        const QDir dir(parser.value(QStringLiteral("screenshot")));
        if (files.isEmpty()) {
            fail(QStringLiteral("--screenshot needs a FILE to open"));
            return 2;
        }
        if (!QDir().mkpath(dir.path())) {
            fail(QStringLiteral("%1: cannot create the folder").arg(dir.path()));
            return 2;
        }
        const QSize size = parseSize(parser.value(QStringLiteral("size")));
        if (!size.isValid()) {
            fail(QStringLiteral("--size %1: give WIDTHxHEIGHT, e.g. 1280x800, each side 320 to "
                                "8192 pixels")
                     .arg(parser.value(QStringLiteral("size"))));
            return 2;
        }
        window.setInteractive(false);
        window.resize(size);
        window.show();
        if (!window.openFile(files.first())) {
            fail(window.lastError());
            return 2;
        }
        bool number = false;
        const int scenario = parser.value(QStringLiteral("scenario")).toInt(&number);
        if (!number || !window.selectScenario(scenario)) {
            fail(QStringLiteral("--scenario %1: no such scenario in %2")
                     .arg(parser.value(QStringLiteral("scenario")), files.first()));
            return 2;
        }
        window.setCheckedPolicies(
            parser.value(QStringLiteral("policies")).split(QLatin1Char(','), Qt::SkipEmptyParts));
        if (window.checkedPolicies().isEmpty()) {
            fail(QStringLiteral("--policies %1: no known policy")
                     .arg(parser.value(QStringLiteral("policies"))));
            return 2;
        }
        int status = 1;
        const QString sweep = parser.value(QStringLiteral("sweep"));
        const bool savedSweep = parser.isSet(QStringLiteral("saved-sweep"));
        gantry::ui::PlanView* plan = window.planView();
        QObject::connect(plan, &gantry::ui::PlanView::sweepEnded, &window,
                         [&](gantry::ui::PlanView::Outcome outcome) {
                             if (outcome == gantry::ui::PlanView::Outcome::Completed)
                                 status = shootPlan(window, dir) ? status : 1;
                             else
                                 status = (fail(plan->lastError()), 1);
                             QCoreApplication::exit(status);
                         });
        bool shot = false; // later runs (saved runs shown again on a scenario switch) are not shot
        QObject::connect(&window, &gantry::ui::MainWindow::runEnded, &window,
                         [&](gantry::ui::MainWindow::Outcome outcome) {
                             if (std::exchange(shot, true))
                                 return;
                             if (outcome != gantry::ui::MainWindow::Outcome::Completed) {
                                 fail(window.lastError());
                                 QCoreApplication::exit(status);
                                 return;
                             }
                             status = takeScreenshots(window, dir);
                             if ((sweep.isEmpty() && !savedSweep) || plan->session() ||
                                 plan->isRunning()) {
                                 if (sweep.isEmpty() && !savedSweep)
                                     QCoreApplication::exit(status);
                                 return;
                             }
                             if (savedSweep) {
                                 if (!openFirstSavedSweep(window)) {
                                     fail(QStringLiteral("--saved-sweep: the project has no "
                                                         "saved sweep that runs"));
                                     QCoreApplication::exit(1);
                                 }
                                 return;
                             }
                             window.showPlan();
                             if (!plan->openSweepFile(sweep)) {
                                 fail(plan->lastError());
                                 QCoreApplication::exit(1);
                             }
                         });
        if (!window.startRun()) {
            fail(window.lastError());
            return 2;
        }
        QApplication::exec();
        return status;
    }
    window.show();
    if (!files.isEmpty()) {
        // Once the event loop runs, so that an error box appears over the shown window.
        const QString file = files.first();
        QTimer::singleShot(0, &window, [&window, file] { window.openFile(file); });
    }
    return QApplication::exec();
}
