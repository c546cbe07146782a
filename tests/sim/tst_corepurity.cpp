// The engine and the libraries beside it (core/, search/, storage/) never include a Qt Gui or
// Widgets header, gantry-cli links no GUI module, the mapping search (search/) includes no Qt at
// all, and the libraries and the folders of core include one another in one direction only
// (docs/architecture.md, Layers).
#include <QDirIterator>
#include <QFile>
#include <QHash>
#include <QProcess>
#include <QRegularExpression>
#include <QTest>

class TestCorePurity : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void coreIncludesNoGuiHeader();
    void cliLinksNoGuiModule();
    void searchIncludesNoQt();
    void coreIncludesPointDown();
};

namespace {

// The libraries and the layers of core between them, bottom first: a file may include its own
// folder's headers and those of folders in lower layers, never a higher or a sibling one.
const QList<QStringList> kLayers = {
    {QStringLiteral("search")}, // gantry_search (search/): Qt-free, below the whole engine
    {QStringLiteral("util")},   // from here to plan: the folders of core (gantry_core)
    {QStringLiteral("model")},
    {QStringLiteral("mapping")},
    {QStringLiteral("io")}, // scenario, trace and catalogue readers, the workload generator
    {QStringLiteral("predict")},
    {QStringLiteral("sim")},
    {QStringLiteral("policies")},
    {QStringLiteral("run")}, // the run pipeline and the writers of its results
    {QStringLiteral("analysis"), QStringLiteral("explain"), QStringLiteral("plan")},
    {QStringLiteral("storage")}, // gantry_storage (storage/): above the engine
};

// The libraries' own top-level folders: their headers are included by the library's folder name
// ("search/...", "storage/...") from the source root, which is therefore on the include path.
// No library includes through the other top-level folders: the front ends and the tests are
// above every library, and core's headers are included by their folder in core.
const QStringList kNeverIncluded = {QStringLiteral("app"), QStringLiteral("core"),
                                    QStringLiteral("fuzz"), QStringLiteral("tests"),
                                    QStringLiteral("ui")};

// Every source of the libraries: (path, the folder that places it in kLayers).
QList<std::pair<QString, QString>> librarySources()
{
    QList<std::pair<QString, QString>> sources;
    const QStringList patterns = {QStringLiteral("*.h"), QStringLiteral("*.cpp"),
                                  QStringLiteral("*.cu")};
    for (const char* library : {"core", "search", "storage"}) {
        const QString root =
            QStringLiteral(GANTRY_SOURCE_DIR "/") + QLatin1String(library) + QLatin1Char('/');
        QDirIterator it(root, patterns, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString path = it.next();
            const QString rest = path.mid(root.size());
            if (QLatin1String(library) != QLatin1String("core"))
                sources.append({path, QLatin1String(library)});
            else if (rest.contains(QLatin1Char('/'))) // not core/CMakeLists' neighbours, none today
                sources.append({path, rest.section(QLatin1Char('/'), 0, 0)});
        }
    }
    return sources;
}

int layerOf(const QString& folder)
{
    for (qsizetype i = 0; i < kLayers.size(); ++i)
        if (kLayers[i].contains(folder))
            return int(i);
    return -1;
}

} // namespace

void TestCorePurity::coreIncludesNoGuiHeader()
{
    // Headers of Qt Gui, Widgets, Charts and PrintSupport that core must not use.
    const QRegularExpression gui(QStringLiteral(
        R"(#\s*include\s*[<"](Qt(Gui|Widgets|Charts|PrintSupport|Svg)/|Q(Gui)?Application|QWidget|QPainter|QImage|QPixmap|QColor|QFont|QPdfWriter|QChart|QIcon|QBrush|QPen|QPrinter|QMainWindow)\b)"));
    int files = 0;
    for (const auto& [path, folder] : librarySources()) {
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(f.readAll());
        const auto m = gui.match(text);
        QVERIFY2(!m.hasMatch(), qPrintable(path + QStringLiteral(": ") + m.captured(0)));
        ++files;
    }
    QVERIFY(files > 100);
}

void TestCorePurity::cliLinksNoGuiModule()
{
    QProcess ldd;
    ldd.start(QStringLiteral("ldd"), {QStringLiteral(GANTRY_CLI_PATH)});
    if (!ldd.waitForFinished(30000) || ldd.exitCode() != 0)
        QSKIP("ldd is not available");
    const QString libs = QString::fromUtf8(ldd.readAllStandardOutput());
    QVERIFY(libs.contains(QStringLiteral("libQt6Core")));
    for (const char* lib : {"libQt6Gui", "libQt6Widgets", "libQt6Charts", "libQt6PrintSupport"})
        QVERIFY2(!libs.contains(QLatin1String(lib)), lib);
}

void TestCorePurity::searchIncludesNoQt()
{
    // The mapping search builds on a GPU machine without Qt (scripts/device-check.sh): no Qt
    // header at all, nor Eigen.
    const QRegularExpression qt(
        QStringLiteral(R"(#\s*include\s*[<"](Qt|Q[A-Z]|Eigen/)[^>"]*[>"])"));
    int files = 0;
    for (const auto& [path, folder] : librarySources()) {
        if (folder != QLatin1String("search"))
            continue;
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const auto m = qt.match(QString::fromUtf8(f.readAll()));
        QVERIFY2(!m.hasMatch(), qPrintable(path + QStringLiteral(": ") + m.captured(0)));
        ++files;
    }
    QVERIFY(files > 10);
}

void TestCorePurity::coreIncludesPointDown()
{
    const QString root = QStringLiteral(GANTRY_SOURCE_DIR "/");
    const QRegularExpression include(QStringLiteral(R"(^\s*#\s*include\s*"([a-z]+)/)"),
                                     QRegularExpression::MultilineOption);
    QStringList wrong;
    QHash<QString, int> files;
    for (const auto& [path, folder] : librarySources()) {
        const int from = layerOf(folder);
        QVERIFY2(from >= 0, qPrintable(folder + QStringLiteral(" is in no layer: add it")));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(f.readAll());
        for (auto m = include.globalMatch(text); m.hasNext();) {
            const QString to = m.next().captured(1);
            if (kNeverIncluded.contains(to)) {
                wrong << QStringLiteral("%1 includes %2/ (no library includes from %2/)")
                             .arg(path.mid(root.size()), to);
                continue;
            }
            const int layer = layerOf(to);
            if (to == folder || layer < 0) // own folder, or not a folder of the libraries
                continue;
            if (layer >= from)
                wrong << QStringLiteral("%1 includes %2/ (%3 is below %2)")
                             .arg(path.mid(root.size()), to, folder);
        }
        ++files[path.mid(root.size()).section(QLatin1Char('/'), 0, 0)];
    }
    QVERIFY(files.value(QStringLiteral("core")) > 100);
    QVERIFY(files.value(QStringLiteral("search")) > 10);
    QVERIFY(files.value(QStringLiteral("storage")) > 20);
    QVERIFY2(wrong.isEmpty(), qPrintable(wrong.join(QLatin1Char('\n'))));
}

QTEST_GUILESS_MAIN(TestCorePurity)
#include "tst_corepurity.moc"
