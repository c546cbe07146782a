// The desktop fuzz test (issue 16): the window driven as a careless user would. First every
// editable field of every property panel (scenario, rack, server, a job of each kind) gets
// boundary and hostile text; then seeded random sessions of edits, undo, redo, copy, paste,
// delete, run and cancel on seeded random scenarios, and undo or redo (keys or Edit menu) with
// the focus in a field holding typed, unentered text. After each step: the window is alive, the
// document is valid or shows its problems, the panel shows every field of the selected job's
// kind, the idle progress bar names a state; undoing back to the start gives the original
// scenario byte for byte; saving to a project file and opening it again gives the same
// scenarios. After an undo or redo in a field: the document is the one that undo stack index had,
// the field shows the document's value, and leaving the field edits nothing. Fixed seeds.

#include "document/fieldrules.h"
#include "document/jobbuilder.h"
#include "document/projectdocument.h"
#include "io/scenarioreader.h"
#include "io/scenariowriter.h"
#include "mainwindow.h"
#include "paneltyping.h"
#include "properties/problemslist.h"
#include "properties/propertypanel.h"
#include "randomscenario.h"
#include "util/rng.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <algorithm>
#include <map>
#include <memory>

using gantry::JobKind;
using gantry::Scenario;
using gantry::ui::MainWindow;
using gantry::ui::ProjectDocument;
using gantry::ui::PropertyPanel;
using gantry::ui::Selection;

namespace {

constexpr int RunTimeoutMs = 60000;
constexpr int StepsPerSession = 40;
constexpr int Sessions = 12;
constexpr int JobsPerScenario = 8; // every edit validates the whole scenario: keep it small

// What is edited: a page of the panel and, for a job, the kind of job.
struct Target
{
    Selection::Kind kind;
    JobKind job = JobKind::Duration;
};

// The panel's editable fields per target (combo boxes are chosen by index, check boxes clicked,
// the rest typed).
QStringList fieldsOf(const Target& t)
{
    switch (t.kind) {
    case Selection::Kind::None:
        return {QStringLiteral("name")};
    case Selection::Kind::Rack:
        return {QStringLiteral("name"), QStringLiteral("uplink_gbps")};
    case Selection::Kind::Server:
        return {QStringLiteral("name"), QStringLiteral("rack"),       QStringLiteral("gpu_type"),
                QStringLiteral("gpus"), QStringLiteral("intra_GBps"), QStringLiteral("nic_gbps"),
                QStringLiteral("count")};
    case Selection::Kind::Job:
        break;
    }
    QStringList common{QStringLiteral("id"), QStringLiteral("arrival_s"),
                       QStringLiteral("predicted_iterations"), QStringLiteral("user"),
                       QStringLiteral("weight")};
    switch (t.job) {
    case JobKind::Duration:
        return common << QStringLiteral("gpus") << QStringLiteral("duration_s");
    case JobKind::Graph:
        return common << QStringLiteral("iterations");
    case JobKind::Model:
        return common << QStringLiteral("model") << QStringLiteral("dp") << QStringLiteral("pp")
                      << QStringLiteral("tp") << QStringLiteral("ep") << QStringLiteral("cp")
                      << QStringLiteral("vp") << QStringLiteral("precision")
                      << QStringLiteral("recompute") << QStringLiteral("sequence_parallel")
                      << QStringLiteral("optimizer_sharding") << QStringLiteral("overlap")
                      << QStringLiteral("iterations");
    }
    return common;
}

// Fields a job of kind k must show (and the others it must not).
QStringList kindFields(JobKind k)
{
    return fieldsOf({Selection::Kind::Job, k});
}

const QStringList& hostile()
{
    static const QStringList values{
        QStringLiteral("-1"),
        QStringLiteral("0"),
        QStringLiteral("-0"),
        QStringLiteral("1"),
        QStringLiteral("2"),
        QStringLiteral("0.5"),
        QStringLiteral("2.5"),
        QStringLiteral("1e-300"),
        QStringLiteral("1024"),
        QStringLiteral("1025"),
        QStringLiteral("4096"),
        QStringLiteral("4097"),
        QStringLiteral("10000001"),
        QStringLiteral("1000000000"),
        QStringLiteral("1000000001"),
        QStringLiteral("99999999999"),
        QStringLiteral("1e12"),
        QStringLiteral("1.000001e12"),
        QStringLiteral("1e308"),
        QStringLiteral("-1e308"),
        QStringLiteral("2147483648"),
        QStringLiteral("nan"),
        QStringLiteral("NaN"),
        QStringLiteral("inf"),
        QStringLiteral("-inf"),
        QStringLiteral(""),
        QStringLiteral("   "),
        QStringLiteral("abc"),
        QStringLiteral("1,5"),
        QStringLiteral("0x10"),
        QStringLiteral("1e"),
        QStringLiteral("r0"),
        QStringLiteral("\u03a9 \"x\""),
        QString(300, QLatin1Char('x')),
    };
    return values;
}

QAction* action(QWidget& w, const char* name)
{
    auto* a = w.findChild<QAction*>(QLatin1String(name));
    if (!a)
        qFatal("no action %s", name);
    return a;
}

QByteArray json(const Scenario& s)
{
    return gantry::ScenarioWriter::toJson(s);
}

QByteArray projectJson(const std::vector<Scenario>& scenarios)
{
    QByteArray out;
    for (const Scenario& s : scenarios)
        out +=
            QJsonDocument(gantry::ScenarioWriter::toJsonObject(s)).toJson(QJsonDocument::Compact) +
            '\n';
    return out;
}

// s with a model job added (RandomScenario makes duration and graph jobs).
Scenario withModelJob(Scenario s)
{
    s.jobs.push_back(gantry::ui::JobBuilder::modelJob(
        s, QStringLiteral("model-job"), QStringLiteral("bert-large"), {1, 1, 1, 1}, 50, 0));
    return s;
}

} // namespace

class TstDesktopFuzz : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();

    void hostileValues_data();
    void hostileValues();
    void randomSessions_data();
    void randomSessions();

private:
    void open(const Scenario& s);
    int itemOf(const Target& t) const;
    bool select(const Target& t, int index);
    void chooseIn(const QString& field, int index);
    void clickIn(const QString& field);
    void checkStep(const QString& step);
    void checkSaveAndReopen(const QString& step);
    void runAndCancel(bool cancel);
    QString undoInField(const QString& field, const QString& text, int keys, bool undoing,
                        const std::map<int, QByteArray>& states);

    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
    int m_saves = 0;
    int m_fieldUndos = 0; // undo or redo with typed text in a field
};

void TstDesktopFuzz::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QCoreApplication::setOrganizationName(QStringLiteral("GantryTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_desktopfuzz"));
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_dir.filePath("settings"));
    QSettings().clear();
    m_window = std::make_unique<MainWindow>();
    m_window->setInteractive(false);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    // Keys typed in a field reach the window's shortcuts only in the active window.
    m_window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
}

void TstDesktopFuzz::cleanupTestCase()
{
    qInfo("%d save(s), each reopened identical; %d undo or redo(s) in a field", m_saves,
          m_fieldUndos);
    m_window.reset();
}

void TstDesktopFuzz::open(const Scenario& s)
{
    // Through a scenario file, as a user opens one; the fuzz never asks to save first.
    const QString path = m_dir.filePath(QStringLiteral("start.json"));
    QVERIFY(gantry::ScenarioWriter::writeFile(s, path));
    m_window->document()->clear();
    QVERIFY2(m_window->openFile(path), qPrintable(m_window->lastError()));
}

// The first item of t's kind (for a job, of its job kind), -1 if none.
int TstDesktopFuzz::itemOf(const Target& t) const
{
    const Scenario& s = m_window->document()->current();
    switch (t.kind) {
    case Selection::Kind::None:
        return -1;
    case Selection::Kind::Rack:
        return s.cluster.racks.empty() ? -1 : 0;
    case Selection::Kind::Server:
        return s.cluster.servers.empty() ? -1 : 0;
    case Selection::Kind::Job:
        for (std::size_t j = 0; j < s.jobs.size(); ++j)
            if (s.jobs[j].kind == t.job)
                return int(j);
        return -1;
    }
    return -1;
}

bool TstDesktopFuzz::select(const Target& t, int index)
{
    ProjectDocument* doc = m_window->document();
    if (t.kind == Selection::Kind::None) {
        doc->setSelection({});
        return true;
    }
    if (index < 0)
        return false;
    doc->setSelection({t.kind, {index}});
    return doc->selection().kind == t.kind;
}

void TstDesktopFuzz::chooseIn(const QString& field, int index)
{
    auto* combo = qobject_cast<QComboBox*>(m_window->propertyPanel()->editor(field));
    if (!combo || !combo->isEnabled())
        return;
    // As the user's choice arrives, including indices no item has.
    emit combo->activated(index);
}

void TstDesktopFuzz::clickIn(const QString& field)
{
    auto* check = qobject_cast<QCheckBox*>(m_window->propertyPanel()->editor(field));
    if (check && check->isEnabled())
        check->click();
}

// What must hold after every step.
void TstDesktopFuzz::checkStep(const QString& step)
{
    MainWindow& w = *m_window;
    ProjectDocument* doc = w.document();
    QVERIFY2(w.isVisible(), qPrintable(step));
    // Valid, or its problems shown (each in the list).
    const auto& problems = doc->problems();
    QVERIFY2(w.problemsList()->count() == int(problems.size()), qPrintable(step));
    if (problems.empty() && doc->hasCurrent())
        QVERIFY2(gantry::ScenarioReader::readJson(json(doc->current()), QStringLiteral("fuzz")),
                 qPrintable(step));
    // The panel shows the selection's page, and a single job with every field of its kind.
    PropertyPanel* panel = w.propertyPanel();
    const Selection& s = doc->selection();
    QVERIFY2(panel->page() == (s.isEmpty() ? Selection::Kind::None : s.kind), qPrintable(step));
    // The welcome guide never speaks of a sample project: these are not the sample.
    if (const auto* welcome = w.findChild<QLabel*>(QStringLiteral("welcomeText")))
        QVERIFY2(!welcome->text().contains(QLatin1String("sample"), Qt::CaseInsensitive),
                 qPrintable(step + QStringLiteral(": ") + welcome->text()));
    // Idle, the progress bar names a state (full when it finished), never a percentage.
    if (!w.isRunning() && !w.isImporting()) {
        const auto* bar = w.findChild<QProgressBar*>(QStringLiteral("progressBar"));
        QVERIFY2(bar, qPrintable(step));
        static const QStringList full{QStringLiteral("Finished"), QStringLiteral("Imported")};
        static const QStringList empty{QStringLiteral("Ready"), QStringLiteral("Cancelled"),
                                       QStringLiteral("Failed"), QStringLiteral("Not imported")};
        const QString state = bar->format();
        QVERIFY2(full.contains(state) || empty.contains(state),
                 qPrintable(step + QStringLiteral(": idle bar reads ") + bar->text()));
        QVERIFY2(
            bar->value() == (full.contains(state) ? bar->maximum() : bar->minimum()),
            qPrintable(step + QStringLiteral(": idle bar at %1 says ").arg(bar->value()) + state));
    }
    if (s.kind == Selection::Kind::Job && s.indices.size() == 1 && panel->isVisible()) {
        const JobKind k = doc->current().jobs[std::size_t(s.indices.front())].kind;
        for (JobKind other : {JobKind::Duration, JobKind::Graph, JobKind::Model})
            for (const QString& f : kindFields(other))
                QVERIFY2(panel->editor(f)->isVisible() == kindFields(k).contains(f),
                         qPrintable(step + QStringLiteral(": field ") + f));
    }
}

// Saving to a project file and opening it gives the same scenarios. Two defects outside the
// editors are tolerated here and reported (issue 16 follow-up) until the project file is fixed:
// a project saved while its scenario has problems cannot be opened (the store reads scenarios
// with the strict reader), and the versions of a scenario that runs were made on come back as
// extra scenarios after the ones saved.
void TstDesktopFuzz::checkSaveAndReopen(const QString& step)
{
    ProjectDocument* doc = m_window->document();
    const QString path = m_dir.filePath(QStringLiteral("fuzz-%1.gantry").arg(m_saves++));
    const std::vector<Scenario> before = doc->scenarios();
    const bool problems = !doc->problems().empty();
    QVERIFY2(doc->saveAs(path), qPrintable(step));
    QVERIFY2(projectJson(doc->scenarios()) == projectJson(before), qPrintable(step));
    // A project saved with problems opens again (as drafts, with the same problems), and runs
    // of earlier versions of a scenario stay with it instead of coming back as scenarios.
    ProjectDocument reopened;
    const auto opened = reopened.openProject(path);
    QVERIFY2(opened, qPrintable(step + QStringLiteral(": ") +
                                (opened ? QString() : opened.error().message)));
    const std::vector<Scenario> back = reopened.scenarios();
    QVERIFY2(projectJson(back) == projectJson(before), qPrintable(step));
    if (doc->currentIndex() >= 0) {
        reopened.setCurrentIndex(doc->currentIndex());
        QVERIFY2(reopened.problems().empty() == !problems, qPrintable(step));
    }
}

void TstDesktopFuzz::runAndCancel(bool cancel)
{
    MainWindow& w = *m_window;
    if (!w.document()->problems().empty()) {
        QVERIFY(!w.startRun()); // refused with a message, never started
        QVERIFY(!w.isRunning());
        return;
    }
    w.setCheckedPolicies({QStringLiteral("fifo"), QStringLiteral("srtf")});
    QVERIFY2(w.startRun(), qPrintable(w.lastError()));
    if (cancel)
        w.cancelRun();
    QTRY_VERIFY_WITH_TIMEOUT(!w.isRunning(), RunTimeoutMs);
}

// With the focus in the panel's line field, types text (not entered) and undoes or redoes the
// document (keys: 0 Ctrl+Z, 1 Edit > Undo, 2 Ctrl+Shift+Z, 3 the Redo action's own keys,
// 4 Edit > Redo); undoing says which. The undo stack must be able to take that step. Then: the
// document is the one recorded at the new undo index (states), the field shows the document's
// value, and leaving the field makes no edit. Returns what was done.
QString TstDesktopFuzz::undoInField(const QString& field, const QString& text, int keys,
                                    bool undoing, const std::map<int, QByteArray>& states)
{
    MainWindow& w = *m_window;
    ProjectDocument* doc = w.document();
    QUndoStack* undo = doc->undoStack();
    PropertyPanel* panel = w.propertyPanel();
    auto* edit = qobject_cast<QLineEdit*>(panel->editor(field));
    if (!edit || !edit->isVisible() || !edit->isEnabled() || edit->isReadOnly())
        return QStringLiteral("no line field %1").arg(field);
    const char* how[] = {"Ctrl+Z", "Edit > Undo", "Ctrl+Shift+Z", "redo keys", "Edit > Redo"};
    const QString what = QStringLiteral("\"%1\" typed in %2, %3")
                             .arg(text.left(20), field, QLatin1String(how[keys]));
    const int index = undo->index() + (undoing ? -1 : 1);
    ++m_fieldUndos;
    edit->setFocus(Qt::OtherFocusReason);
    if (!edit->hasFocus()) {
        QTest::qFail(qPrintable(what + QStringLiteral(": the field takes no focus")), __FILE__,
                     __LINE__);
        return what;
    }
    edit->selectAll();
    QTest::keyClick(edit, Qt::Key_Delete);
    if (std::all_of(text.begin(), text.end(), [](QChar c) { return c.unicode() < 128; })) {
        QTest::keyClicks(edit, text);
    } else {
        edit->insert(text);
        edit->setModified(true);
    }
    switch (keys) {
    case 0:
        QTest::keyClick(edit, Qt::Key_Z, Qt::ControlModifier);
        break;
    case 1:
        action(w, "undoAction")->trigger();
        break;
    case 2:
        QTest::keyClick(edit, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
        break;
    case 3:
        QTest::keySequence(edit, action(w, "redoAction")->shortcut());
        break;
    default:
        action(w, "redoAction")->trigger();
        break;
    }
    const auto fail = [&](const QString& why) {
        QTest::qFail(qPrintable(what + QStringLiteral(": ") + why), __FILE__, __LINE__);
        return what;
    };
    // The document took the step, whole: it is as it was at that index.
    if (undo->index() != index)
        return fail(QStringLiteral("undo index %1, not %2").arg(undo->index()).arg(index));
    const auto known = states.find(index);
    if (known != states.end() && json(doc->current()) != known->second)
        return fail(QStringLiteral("the document is not the one of undo index %1").arg(index));
    // The field shows the document's value: what the panel shows when it fills the page again.
    const Selection selection = doc->selection();
    const bool shown = panel->editor(field) == edit && edit->isVisible();
    const QString text1 = edit->text();
    if (shown && edit->isModified())
        return fail(QStringLiteral("the field still holds typed text \"%1\"").arg(text1));
    // Leaving the field makes no edit.
    const QByteArray after = json(doc->current());
    const int count = undo->count();
    w.problemsList()->setFocus(Qt::OtherFocusReason);
    edit->clearFocus();
    if (undo->count() != count || undo->index() != index || json(doc->current()) != after)
        return fail(QStringLiteral("leaving the field made the edit \"%1\"")
                        .arg(undo->count() > count ? undo->text(count) : undo->undoText()));
    if (shown) {
        doc->setSelection({});
        doc->setSelection(selection);
        if (panel->editor(field) == edit && edit->text() != text1)
            return fail(QStringLiteral("the field showed \"%1\", the document holds \"%2\"")
                            .arg(text1, edit->text()));
    }
    return what;
}

void TstDesktopFuzz::hostileValues_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<int>("job");
    QTest::addColumn<QString>("field");

    const std::vector<Target> targets{{Selection::Kind::None},
                                      {Selection::Kind::Rack},
                                      {Selection::Kind::Server},
                                      {Selection::Kind::Job, JobKind::Duration},
                                      {Selection::Kind::Job, JobKind::Graph},
                                      {Selection::Kind::Job, JobKind::Model}};
    const char* names[] = {"scenario", "rack", "server", "job"};
    const char* jobNames[] = {"duration", "graph", "model"};
    for (const Target& t : targets)
        for (const QString& f : fieldsOf(t))
            QTest::addRow("%s%s%s %s", names[int(t.kind)],
                          t.kind == Selection::Kind::Job ? " " : "",
                          t.kind == Selection::Kind::Job ? jobNames[int(t.job)] : "", qPrintable(f))
                << int(t.kind) << int(t.job) << f;
}

// Every hostile value in one field: refused with a message and nothing changed, or taken as one
// undo entry; undoing everything gives the scenario back byte for byte.
void TstDesktopFuzz::hostileValues()
{
    QFETCH(int, kind);
    QFETCH(int, job);
    QFETCH(QString, field);
    const Target t{Selection::Kind(kind), JobKind(job)};
    gantry::test::RandomScenario::Shape shape;
    shape.jobs = JobsPerScenario;
    open(withModelJob(gantry::test::RandomScenario::make(7, shape)));
    ProjectDocument* doc = m_window->document();
    QUndoStack* undo = doc->undoStack();
    const QByteArray start = json(doc->current());
    const int startIndex = undo->index();
    const int index = itemOf(t);
    QVERIFY(t.kind == Selection::Kind::None || index >= 0);

    QWidget* editor = [&] {
        select(t, index);
        return m_window->propertyPanel()->editor(field);
    }();
    const bool combo = qobject_cast<QComboBox*>(editor);
    const bool check = qobject_cast<QCheckBox*>(editor);
    QStringList values = hostile();
    if (combo)
        values = {QStringLiteral("-1"), QStringLiteral("0"), QStringLiteral("1"),
                  QStringLiteral("999")};
    if (check) // on, off, on
        values = {QStringLiteral("click"), QStringLiteral("click"), QStringLiteral("click")};
    for (const QString& v : values) {
        const QString step = QStringLiteral("%1 = \"%2\"").arg(field, v.left(20));
        QVERIFY(select(t, index));
        const QByteArray before = json(doc->current());
        const int commands = undo->count();
        const bool refused =
            !combo && !check && !gantry::ui::FieldRules::check(t.kind, field, v).ok();
        if (combo)
            chooseIn(field, v.toInt());
        else if (check)
            clickIn(field);
        else
            gantry::test::typeIntoField(m_window->propertyPanel(), field, v);
        const QString error = m_window->propertyPanel()->errorText(field);
        checkStep(step);
        const bool changed = json(doc->current()) != before;
        if (refused) {
            // Said under the field; nothing changed, no undo entry.
            QVERIFY2(!error.isEmpty(), qPrintable(step));
            QVERIFY2(!changed, qPrintable(step));
        }
        QVERIFY2(undo->count() == commands + (changed ? 1 : 0), qPrintable(step));
    }
    checkSaveAndReopen(field);
    undo->setIndex(startIndex);
    QCOMPARE(json(doc->current()), start);
    checkStep(QStringLiteral("undone"));
}

void TstDesktopFuzz::randomSessions_data()
{
    QTest::addColumn<quint64>("seed");
    for (quint64 seed = 1; seed <= Sessions; ++seed)
        QTest::addRow("seed %llu", seed) << seed;
}

// Random edits, undo, redo, copy, paste, delete, run and cancel on a random scenario.
void TstDesktopFuzz::randomSessions()
{
    QFETCH(quint64, seed);
    gantry::test::RandomScenario::Shape shape;
    shape.jobs = JobsPerScenario;
    open(withModelJob(gantry::test::RandomScenario::make(seed, shape)));
    MainWindow& w = *m_window;
    ProjectDocument* doc = w.document();
    QUndoStack* undo = doc->undoStack();
    const QByteArray start = json(doc->current());
    const int startIndex = undo->index();
    std::map<int, QByteArray> states{{startIndex, start}}; // the document at each undo index
    gantry::Rng rng(seed * 7919);
    auto pick = [&rng](int n) { return n > 0 ? int(rng.below(std::uint64_t(n))) : -1; };
    const Selection::Kind kinds[] = {Selection::Kind::None, Selection::Kind::Rack,
                                     Selection::Kind::Server, Selection::Kind::Job};

    for (int step = 0; step < StepsPerSession; ++step) {
        const Scenario& s = doc->current();
        const int roll = pick(100);
        QString what;
        if (roll < 45) { // an edit through the panel
            Target t{kinds[pick(4)]};
            const int count = t.kind == Selection::Kind::Rack     ? int(s.cluster.racks.size())
                              : t.kind == Selection::Kind::Server ? int(s.cluster.servers.size())
                              : t.kind == Selection::Kind::Job    ? int(s.jobs.size())
                                                                  : 0;
            const int index = pick(count);
            if (t.kind == Selection::Kind::Job && index >= 0)
                t.job = s.jobs[std::size_t(index)].kind;
            if (t.kind != Selection::Kind::None && index < 0)
                continue;
            const QStringList fields = fieldsOf(t);
            const QString field = fields[pick(int(fields.size()))];
            const QString value = hostile()[pick(int(hostile().size()))];
            what = QStringLiteral("edit %1 = \"%2\"").arg(field, value.left(20));
            select(t, index);
            if (qobject_cast<QComboBox*>(w.propertyPanel()->editor(field)))
                chooseIn(field, pick(4) - 1);
            else if (qobject_cast<QCheckBox*>(w.propertyPanel()->editor(field)))
                clickIn(field);
            else
                gantry::test::typeIntoField(m_window->propertyPanel(), field, value);
        } else if (roll < 55) {
            what = QStringLiteral("undo");
            if (undo->index() > startIndex)
                action(w, "undoAction")->trigger();
        } else if (roll < 62) {
            what = QStringLiteral("redo");
            action(w, "redoAction")->trigger();
        } else if (roll < 72) { // undo or redo with text typed in a field of the selection's page
            const bool canUndo = undo->index() > startIndex;
            const bool canRedo = undo->canRedo();
            const Selection::Kind k = kinds[pick(4)];
            const int count = k == Selection::Kind::Rack     ? int(s.cluster.racks.size())
                              : k == Selection::Kind::Server ? int(s.cluster.servers.size())
                              : k == Selection::Kind::Job    ? int(s.jobs.size())
                                                             : 0;
            const int index = pick(count);
            Target t{k};
            if (k == Selection::Kind::Job && index >= 0)
                t.job = s.jobs[std::size_t(index)].kind;
            QStringList lines;
            if (select(t, index))
                for (const QString& f : fieldsOf(t))
                    if (qobject_cast<QLineEdit*>(w.propertyPanel()->editor(f)))
                        lines << f;
            const QString field = lines.value(pick(int(lines.size())));
            const QString value = hostile()[pick(int(hostile().size()))];
            // Keys 0-1 undo, 2-4 redo; when the stack cannot take that step, the other one.
            int keys = pick(5);
            const bool undoing = canUndo && (!canRedo || keys < 2);
            if (undoing != (keys < 2))
                keys = undoing ? keys % 2 : 2 + keys;
            if ((!canUndo && !canRedo) || field.isEmpty())
                what = QStringLiteral("nothing to undo or redo in a field");
            else
                what = undoInField(field, value, keys, undoing, states);
            if (QTest::currentTestFailed())
                return;
        } else if (roll < 90) { // copy, paste or delete a random selection
            const Selection::Kind k = kinds[1 + pick(3)];
            const int count = k == Selection::Kind::Rack     ? int(s.cluster.racks.size())
                              : k == Selection::Kind::Server ? int(s.cluster.servers.size())
                                                             : int(s.jobs.size());
            Selection sel{k, {}};
            for (int i = 0; i < count; ++i)
                if (pick(3) == 0)
                    sel.indices.push_back(i);
            doc->setSelection(sel);
            const char* names[] = {"copyAction", "pasteAction", "deleteAction", "cutAction"};
            const int a = pick(4);
            what = QStringLiteral("%1 of %2 items")
                       .arg(QLatin1String(names[a]))
                       .arg(sel.indices.size());
            if (action(w, names[a])->isEnabled())
                action(w, names[a])->trigger();
        } else {
            what = QStringLiteral("run");
            runAndCancel(pick(2) == 0);
        }
        const QString label = QStringLiteral("seed %1 step %2: %3").arg(seed).arg(step).arg(what);
        checkStep(label);
        states[undo->index()] = json(doc->current());
        if (step % 20 == 19)
            checkSaveAndReopen(label);
    }
    checkSaveAndReopen(QStringLiteral("end"));
    undo->setIndex(startIndex);
    QCOMPARE(json(doc->current()), start);
    checkStep(QStringLiteral("undone"));
}

QTEST_MAIN(TstDesktopFuzz)
#include "tst_desktopfuzz.moc"
