// core never includes a Qt Gui or Widgets header, and gantry-cli links no GUI module.
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
};

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

QTEST_GUILESS_MAIN(TestCorePurity)
#include "tst_corepurity.moc"
