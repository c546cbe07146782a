// core never includes a Qt Gui or Widgets header, gantry-cli links no GUI module, and the
// folders of core include one another in one direction only (docs/architecture.md, Layers).
#include <QDirIterator>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTest>

class TestCorePurity : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void coreIncludesNoGuiHeader();
    void cliLinksNoGuiModule();
    void coreIncludesPointDown();
};

namespace {

// The layers of core, bottom first: a file may include its own folder's headers and those of
// folders in lower layers, never a higher or a sibling one.
const QList<QStringList> kLayers = {
    {QStringLiteral("util")},
    {QStringLiteral("model")},
    {QStringLiteral("mapping")}, // with the Qt-free search library in mapping/search
    {QStringLiteral("io")},      // scenario, trace and catalogue readers, the workload generator
    {QStringLiteral("predict")},
    {QStringLiteral("sim")},
    {QStringLiteral("policies")},
    {QStringLiteral("run")}, // the run pipeline and the writers of its results
    {QStringLiteral("analysis"), QStringLiteral("explain"), QStringLiteral("plan")},
    {QStringLiteral("storage")},
};

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
    QDirIterator it(QStringLiteral(GANTRY_SOURCE_DIR "/core"),
                    {QStringLiteral("*.h"), QStringLiteral("*.cpp"), QStringLiteral("*.cu")},
                    QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(f.readAll());
        const auto m = gui.match(text);
        QVERIFY2(!m.hasMatch(), qPrintable(path + QStringLiteral(": ") + m.captured(0)));
        ++files;
    }
    QVERIFY(files > 20);
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

void TestCorePurity::coreIncludesPointDown()
{
    const QString root = QStringLiteral(GANTRY_SOURCE_DIR "/core/");
    const QRegularExpression include(QStringLiteral(R"(^\s*#\s*include\s*"([a-z]+)/)"),
                                     QRegularExpression::MultilineOption);
    QStringList wrong;
    QDirIterator it(root, {QStringLiteral("*.h"), QStringLiteral("*.cpp"), QStringLiteral("*.cu")},
                    QDir::Files, QDirIterator::Subdirectories);
    int files = 0;
    while (it.hasNext()) {
        const QString path = it.next();
        const QString folder = path.mid(root.size()).section(QLatin1Char('/'), 0, 0);
        if (!path.mid(root.size()).contains(QLatin1Char('/')))
            continue; // core/CMakeLists' neighbours, none today
        const int from = layerOf(folder);
        QVERIFY2(from >= 0, qPrintable(folder + QStringLiteral(" is in no layer: add it")));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(f.readAll());
        for (auto m = include.globalMatch(text); m.hasNext();) {
            const QString to = m.next().captured(1);
            const int layer = layerOf(to);
            if (to == folder || layer < 0) // own folder, or not a folder of core
                continue;
            if (layer >= from)
                wrong << QStringLiteral("%1 includes %2/ (%3 is below %2)")
                             .arg(path.mid(root.size()), to, folder);
        }
        ++files;
    }
    QVERIFY(files > 100);
    QVERIFY2(wrong.isEmpty(), qPrintable(wrong.join(QLatin1Char('\n'))));
}

QTEST_GUILESS_MAIN(TestCorePurity)
#include "tst_corepurity.moc"
