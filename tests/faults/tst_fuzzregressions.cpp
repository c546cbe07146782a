// Fuzz regressions: every input kept in tests/data/fuzz-regressions/<target>/ (each once made a
// fuzz target crash, hang or trip a sanitizer) and every seed in fuzz/corpus/<target>/ goes
// through the target's own check (fuzz/fuzzchecks.h): a valid result or a clean InvalidInput
// error naming the input. Adding a file to either folder adds a test row; no code.
#include "fuzzchecks.h"

#include <QDirIterator>
#include <QTemporaryDir>
#include <QTest>

class TstFuzzRegressions : public QObject
{
    Q_OBJECT

private slots:
    void replay_data();
    void replay();
    void everyTargetHasSeeds();

private:
    QTemporaryDir m_dir;
};

void TstFuzzRegressions::replay_data()
{
    QTest::addColumn<QString>("target");
    QTest::addColumn<QString>("file");
    for (const char* root :
         {GANTRY_TEST_DATA "/fuzz-regressions", GANTRY_SOURCE_DIR "/fuzz/corpus"}) {
        const QDir dir(QString::fromUtf8(root));
        for (const QString& target : dir.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name))
            for (const QString& f : QDir(dir.filePath(target)).entryList(QDir::Files, QDir::Name))
                QTest::newRow(qPrintable(QStringLiteral("%1/%2/%3").arg(dir.dirName(), target, f)))
                    << target << dir.filePath(target + QLatin1Char('/') + f);
    }
}

void TstFuzzRegressions::replay()
{
    QFETCH(QString, target);
    QFETCH(QString, file);
    QFile f(file);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray data = f.readAll();
    QString problem;
    if (target == QLatin1String("scenarioreader"))
        problem = fuzzchecks::scenario(data);
    else if (target == QLatin1String("sweepreader"))
        problem = fuzzchecks::sweep(data, QStringLiteral(GANTRY_SOURCE_DIR "/sampledata"));
    else if (target == QLatin1String("projectstore"))
        problem = fuzzchecks::project(data, QDir(m_dir.path()));
    else if (target.endsWith(QLatin1String("importer")))
        problem = fuzzchecks::import(target.chopped(8), data);
    else
        QFAIL(qPrintable(QStringLiteral("unknown fuzz target folder ") + target));
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

void TstFuzzRegressions::everyTargetHasSeeds()
{
    // Every trace format has a fuzz target and seeds (fuzz/CMakeLists.txt lists the targets).
    for (const QString& format : gantry::TraceImporterRegistry::formats()) {
        const QDir seeds(QStringLiteral(GANTRY_SOURCE_DIR "/fuzz/corpus/%1importer").arg(format));
        QVERIFY2(seeds.exists() && !seeds.entryList(QDir::Files).isEmpty(),
                 qPrintable(QStringLiteral("no fuzz seeds for format ") + format));
    }
    for (const char* target : {"scenarioreader", "sweepreader", "projectstore"})
        QVERIFY(!QDir(QStringLiteral(GANTRY_SOURCE_DIR "/fuzz/corpus/") + QLatin1String(target))
                     .entryList(QDir::Files)
                     .isEmpty());
}

QTEST_GUILESS_MAIN(TstFuzzRegressions)
#include "tst_fuzzregressions.moc"
