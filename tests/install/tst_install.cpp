// `cmake --install` of this build tree into a temporary prefix: the programs, the desktop entry
// (desktop-file-validate when present), the icon, the .gantry file type (read back through
// QMimeDatabase when shared-mime-info is present) and the sample data are where a desktop looks for
// them, and the installed programs run from there: gantry-cli validates the installed sample and
// finds the installed gantry-report.
#include "../common/childprocess.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMap>
#include <QMimeDatabase>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

namespace {

using Outcome = gantry::test::ChildProcess;

Outcome execute(const QString& program, const QStringList& args)
{
    return Outcome::run(program, args, 60000);
}

QString explain(const Outcome& o)
{
    return o.explain();
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// The keys of a desktop entry's [Desktop Entry] group.
QMap<QString, QString> desktopEntryKeys(const QString& path)
{
    QMap<QString, QString> keys;
    bool inGroup = false;
    for (const QByteArray& raw : readAll(path).split('\n')) {
        const QString line = QString::fromUtf8(raw).trimmed();
        if (line.startsWith(QLatin1Char('[')))
            inGroup = line == QLatin1String("[Desktop Entry]");
        else if (inGroup && line.contains(QLatin1Char('=')) && !line.startsWith(QLatin1Char('#')))
            keys.insert(line.section(QLatin1Char('='), 0, 0).trimmed(),
                        line.section(QLatin1Char('='), 1).trimmed());
    }
    return keys;
}

const QString kMimeType = QStringLiteral("application/x-gantry-project");

} // namespace

class TestInstall : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void programs_data();
    void programs();
    void files_data();
    void files();
    void sampleData_data();
    void sampleData();
    void desktopEntry();
    void desktopEntryValidates();
    void projectFileType();
    void installedCliRuns_data();
    void installedCliRuns();

private:
    QString installed(const QString& rel) const { return m_prefix.filePath(rel); }

    QTemporaryDir m_dir;
    QDir m_prefix;
};

void TestInstall::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_prefix = QDir(m_dir.filePath(QStringLiteral("prefix")));
    const Outcome o = execute(QStringLiteral(GANTRY_CMAKE_COMMAND),
                              {QStringLiteral("--install"), QStringLiteral(GANTRY_BUILD_DIR),
                               QStringLiteral("--prefix"), m_prefix.path()});
    QVERIFY(o.finished);
    QVERIFY2(o.exitCode == 0, qPrintable(explain(o)));
}

// Every program is installed, runs from the prefix and prints the project's version.
void TestInstall::programs_data()
{
    QTest::addColumn<QString>("program");
    for (const QString& p : QStringLiteral(GANTRY_INSTALLED_PROGRAMS).split(QLatin1Char(',')))
        QTest::newRow(qPrintable(p)) << p;
}

void TestInstall::programs()
{
    QFETCH(QString, program);
    const QString path = installed(QStringLiteral("bin/") + program);
    QVERIFY2(QFileInfo(path).isExecutable(), qPrintable(path));
    const Outcome o = execute(path, {QStringLiteral("--version")});
    QVERIFY(o.finished);
    QVERIFY2(o.exitCode == 0, qPrintable(explain(o)));
    QVERIFY2(o.out.contains(GANTRY_PROJECT_VERSION), qPrintable(explain(o)));
}

void TestInstall::files_data()
{
    QTest::addColumn<QString>("path");
    for (const char* path :
         {"share/applications/gantry.desktop", "share/icons/hicolor/scalable/apps/gantry.svg",
          "share/icons/hicolor/scalable/mimetypes/application-x-gantry-project.svg",
          "share/mime/packages/gantry.xml"})
        QTest::newRow(path) << QString::fromLatin1(path);
}

void TestInstall::files()
{
    QFETCH(QString, path);
    QVERIFY2(QFileInfo(installed(path)).size() > 0, qPrintable(installed(path)));
}

// The sample scenarios, the sample project, the Philly trace sample and its README, as in the
// source tree.
void TestInstall::sampleData_data()
{
    QTest::addColumn<QString>("name");
    const QDir source(QStringLiteral(GANTRY_SOURCE_DIR "/sampledata"));
    QStringList names = source.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
    QVERIFY(names.contains(QStringLiteral("teaching.json")));
    names << QStringLiteral("sample.gantry") << QStringLiteral("philly.csv")
          << QStringLiteral("README.md");
    for (const QString& name : names)
        QTest::newRow(qPrintable(name)) << name;
}

void TestInstall::sampleData()
{
    QFETCH(QString, name);
    const QString path = installed(QStringLiteral("share/gantry/") + name);
    QVERIFY2(QFileInfo::exists(path), qPrintable(path));
    QVERIFY(readAll(path) == readAll(QStringLiteral(GANTRY_SOURCE_DIR "/sampledata/") + name));
}

void TestInstall::desktopEntry()
{
    const auto entry =
        desktopEntryKeys(installed(QStringLiteral("share/applications/gantry.desktop")));
    QCOMPARE(entry.value(QStringLiteral("Type")), QStringLiteral("Application"));
    QCOMPARE(entry.value(QStringLiteral("Exec")), QStringLiteral("gantry %f"));
    QCOMPARE(entry.value(QStringLiteral("Icon")), QStringLiteral("gantry"));
    QVERIFY(entry.value(QStringLiteral("MimeType")).split(QLatin1Char(';')).contains(kMimeType));
    // The program it starts and the icon it names are installed.
    QVERIFY(QFileInfo(installed(QStringLiteral("bin/gantry"))).isExecutable());
    QVERIFY(
        QFileInfo::exists(installed(QStringLiteral("share/icons/hicolor/scalable/apps/") +
                                    entry.value(QStringLiteral("Icon")) + QStringLiteral(".svg"))));
}

void TestInstall::desktopEntryValidates()
{
    const QString validator =
        QStandardPaths::findExecutable(QStringLiteral("desktop-file-validate"));
    if (validator.isEmpty())
        QSKIP("desktop-file-validate is not installed (package desktop-file-utils; "
              "scripts/install-deps.sh installs it): the desktop entry is not validated");
    const Outcome o =
        execute(validator, {installed(QStringLiteral("share/applications/gantry.desktop"))});
    QVERIFY(o.finished);
    QVERIFY2(o.exitCode == 0, qPrintable(explain(o)));
    // Errors fail it; hints and warnings are printed too: the entry has none.
    QVERIFY2(o.out.trimmed().isEmpty() && o.err.trimmed().isEmpty(), qPrintable(explain(o)));
}

// The installed type names .gantry files, and its magic (an SQLite file whose application_id is
// "GANT") recognises the sample project by content alone, in a database built as a system builds
// its own: update-mime-database over the system's types and the installed one.
void TestInstall::projectFileType()
{
    const QString update = QStandardPaths::findExecutable(QStringLiteral("update-mime-database"));
    const QDir system(QStringLiteral("/usr/share/mime/packages"));
    if (update.isEmpty() || !system.exists())
        QSKIP("update-mime-database or the system's types are missing (package "
              "shared-mime-info): the .gantry file type is not read back");
    const QDir data(m_dir.filePath(QStringLiteral("mime-check")));
    QVERIFY(data.mkpath(QStringLiteral("mime/packages")));
    for (const QString& name : system.entryList({QStringLiteral("*.xml")}, QDir::Files))
        QVERIFY(QFile::copy(system.filePath(name),
                            data.filePath(QStringLiteral("mime/packages/") + name)));
    QVERIFY(QFile::copy(installed(QStringLiteral("share/mime/packages/gantry.xml")),
                        data.filePath(QStringLiteral("mime/packages/gantry.xml"))));
    const Outcome o = execute(update, {data.filePath(QStringLiteral("mime"))});
    QVERIFY2(o.finished && o.exitCode == 0, qPrintable(explain(o)));
    // Only that database (QMimeDatabase reads the environment when it is first used).
    qputenv("XDG_DATA_HOME", m_dir.filePath(QStringLiteral("no-home")).toLocal8Bit());
    qputenv("XDG_DATA_DIRS", data.path().toLocal8Bit());

    const QMimeDatabase db;
    const QString sample = installed(QStringLiteral("share/gantry/sample.gantry"));
    const QMimeType byName = db.mimeTypeForFile(sample, QMimeDatabase::MatchExtension);
    QCOMPARE(byName.name(), kMimeType);
    QVERIFY(!byName.comment().isEmpty());
    QVERIFY(byName.inherits(QStringLiteral("application/vnd.sqlite3")));
    const QMimeType byContent = db.mimeTypeForData(readAll(sample));
    QCOMPARE(byContent.name(), kMimeType);
    // Any other SQLite database stays an SQLite database.
    QByteArray other = readAll(sample);
    other.replace(68, 4, "ABCD");
    QCOMPARE(db.mimeTypeForData(other).name(), QStringLiteral("application/vnd.sqlite3"));
}

// The installed gantry-cli, with nothing of the build tree: validates the installed sample,
// prints a command's help, and finds the installed gantry-report (whose own message shows that
// it ran).
void TestInstall::installedCliRuns_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("output");
    const QString teaching = installed(QStringLiteral("share/gantry/teaching.json"));
    QTest::newRow("validate") << QStringList{QStringLiteral("validate"), teaching} << 0
                              << QStringLiteral("valid");
    QTest::newRow("help run") << QStringList{QStringLiteral("help"), QStringLiteral("run")} << 0
                              << QStringLiteral("--policy");
    QTest::newRow("report") << QStringList{QStringLiteral("report"),
                                           teaching,
                                           QStringLiteral("--policies"),
                                           QStringLiteral("lottery"),
                                           QStringLiteral("-o"),
                                           m_dir.filePath(QStringLiteral("never.pdf"))}
                            << 2 << QStringLiteral("gantry-report: unknown policy");
}

void TestInstall::installedCliRuns()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, output);
    const Outcome o = execute(installed(QStringLiteral("bin/gantry-cli")), args);
    QVERIFY(o.finished);
    QVERIFY2(o.exitCode == exitCode, qPrintable(explain(o)));
    QVERIFY2(QString::fromUtf8(o.out + o.err).contains(output), qPrintable(explain(o)));
}

QTEST_GUILESS_MAIN(TestInstall)
#include "tst_install.moc"
