// ProjectSql: how a database error of a project file reads (a lock, corruption, a full disk and
// anything else, each naming the file and the step), and one-value queries.
#include "storage/projectsql.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QTest>

using gantry::ErrorKind;
using gantry::storage::ProjectSql;

class TstProjectSql : public QObject
{
    Q_OBJECT

private slots:
    void errorMessages_data();
    void errorMessages();
    void invalidNamesTheFile();
    void scalar_data();
    void scalar();
};

void TstProjectSql::errorMessages_data()
{
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("message");

    const QString locked =
        QStringLiteral("p.gantry: is locked by another writer (try again when it is done)");
    QTest::newRow("busy") << "5"
                          << "database is busy" << locked;
    QTest::newRow("locked code") << "6"
                                 << "database table is locked" << locked;
    QTest::newRow("locked text") << ""
                                 << "Database Locked" << locked;
    QTest::newRow("corrupt") << "11"
                             << "bad page"
                             << "p.gantry: is corrupt (saving: bad page)";
    QTest::newRow("not a database") << "26"
                                    << "file is not a database"
                                    << "p.gantry: is corrupt (saving: file is not a database)";
    QTest::newRow("malformed") << ""
                               << "database disk image is malformed"
                               << "p.gantry: is corrupt (saving: database disk image is "
                                  "malformed)";
    const QString full = QStringLiteral("p.gantry: saving failed: the disk is full or the file "
                                        "cannot grow (%1); the previous content is kept");
    QTest::newRow("full") << "13"
                          << "no space" << full.arg(QStringLiteral("no space"));
    QTest::newRow("io error") << "10"
                              << "short write" << full.arg(QStringLiteral("short write"));
    QTest::newRow("io text") << ""
                             << "disk I/O error" << full.arg(QStringLiteral("disk I/O error"));
    QTest::newRow("full text") << ""
                               << "database or disk is full"
                               << full.arg(QStringLiteral("database or disk is full"));
    QTest::newRow("other") << "1"
                           << "no such table: runs"
                           << "p.gantry: saving failed: no such table: runs";
}

void TstProjectSql::errorMessages()
{
    QFETCH(QString, code);
    QFETCH(QString, text);
    QFETCH(QString, message);
    const QSqlError e(text, QString(), QSqlError::StatementError, code);
    const gantry::Error error =
        ProjectSql::error(QStringLiteral("p.gantry"), QStringLiteral("saving"), e);
    QCOMPARE(error.kind, ErrorKind::InvalidInput);
    QCOMPARE(error.message, message);
}

void TstProjectSql::invalidNamesTheFile()
{
    const gantry::Error e =
        ProjectSql::invalid(QStringLiteral("a/p.gantry"), QStringLiteral("is not a file"));
    QCOMPARE(e.kind, ErrorKind::InvalidInput);
    QCOMPARE(e.message, QStringLiteral("a/p.gantry: is not a file"));
}

void TstProjectSql::scalar_data()
{
    QTest::addColumn<QString>("sql");
    QTest::addColumn<bool>("ok");
    QTest::addColumn<QVariant>("value");

    QTest::newRow("a value") << "SELECT 42" << true << QVariant(42);
    QTest::newRow("first column of the first row")
        << "SELECT x, 0 FROM (SELECT 7 AS x UNION ALL SELECT 8) ORDER BY x" << true << QVariant(7);
    QTest::newRow("no row") << "SELECT 1 WHERE 0" << true << QVariant();
    QTest::newRow("bad statement") << "SELECT * FROM nowhere" << false << QVariant();
}

void TstProjectSql::scalar()
{
    QFETCH(QString, sql);
    QFETCH(bool, ok);
    QFETCH(QVariant, value);
    const QString name = QStringLiteral("tst_projectsql");
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setDatabaseName(QStringLiteral(":memory:"));
        QVERIFY(db.open());
        const auto r = ProjectSql::scalar(db, QStringLiteral("p.gantry"), sql);
        QCOMPARE(bool(r), ok);
        if (ok) {
            QCOMPARE(r.value().isValid(), value.isValid());
            if (value.isValid())
                QCOMPARE(r.value().toInt(), value.toInt());
        } else {
            // The failed statement is the step the error names.
            QVERIFY2(r.error().message.startsWith(QStringLiteral("p.gantry: ") + sql +
                                                  QStringLiteral(" failed: ")),
                     qPrintable(r.error().message));
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(name);
}

QTEST_GUILESS_MAIN(TstProjectSql)
#include "tst_projectsql.moc"
