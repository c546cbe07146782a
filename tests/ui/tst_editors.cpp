// The window's editors driven through their widgets on the offscreen platform: adding a server
// (toolbar and drag and drop) and undoing it, rubber-band selection, dragging servers between
// racks, zoom, copy and paste, a model job made through its dialog, inline validation that
// blocks a run, a comparison run to its end, a cancelled run, and settings kept between
// launches.

#include "cluster/clustereditor.h"
#include "cluster/clusterscene.h"
#include "cluster/clusterview.h"
#include "cluster/rackitem.h"
#include "cluster/serveritem.h"
#include "comparisonmodel.h"
#include "document/fieldlabels.h"
#include "document/projectdocument.h"
#include "jobs/jobgraphview.h"
#include "jobs/jobseditor.h"
#include "jobs/jobtablemodel.h"
#include "jobs/newmodeljobdialog.h"
#include "mainwindow.h"
#include "properties/problemslist.h"
#include "properties/propertypanel.h"
#include "results/resultspanel.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QFile>
#include <QGraphicsSceneDragDropEvent>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QTreeWidget>
#include <QUndoStack>

#include <cmath>
#include <memory>

using gantry::ui::ClusterScene;
using gantry::ui::MainWindow;
using gantry::ui::ProjectDocument;
using gantry::ui::Selection;

namespace {

constexpr int RunTimeoutMs = 300000;

QString sample(const char* name)
{
    return QStringLiteral(GANTRY_SOURCE_DIR "/sampledata/") + QLatin1String(name);
}

QAction* action(QWidget& w, const char* name)
{
    auto* a = w.findChild<QAction*>(QLatin1String(name));
    if (!a)
        qFatal("no action %s", name);
    return a;
}

void sendMouse(QWidget* target, QEvent::Type type, QPoint pos, Qt::MouseButton button,
               Qt::MouseButtons buttons)
{
    QMouseEvent e(type, QPointF(pos), QPointF(target->mapToGlobal(pos)), button, buttons,
                  Qt::NoModifier);
    QApplication::sendEvent(target, &e);
}

// A left-button drag from a to b on target, in small steps.
void drag(QWidget* target, QPoint a, QPoint b)
{
    sendMouse(target, QEvent::MouseButtonPress, a, Qt::LeftButton, Qt::LeftButton);
    for (int i = 1; i <= 8; ++i)
        sendMouse(target, QEvent::MouseMove, a + (b - a) * i / 8, Qt::NoButton, Qt::LeftButton);
    sendMouse(target, QEvent::MouseButtonRelease, b, Qt::LeftButton, Qt::NoButton);
}

QByteArray bigScenario(int jobs)
{
    QJsonArray list;
    for (int i = 0; i < jobs; ++i)
        list.append(QJsonObject{{"id", QStringLiteral("j%1").arg(i)},
                                {"arrival_s", 0.25 * i},
                                {"gpus", 1},
                                {"duration_s", 10 + (i * 37) % 400}});
    const QJsonObject root{
        {"format", "gantry-scenario"},
        {"version", 1},
        {"cluster",
         QJsonObject{{"racks", QJsonArray{QJsonObject{{"name", "r0"}, {"uplink_gbps", 1600}}}},
                     {"servers", QJsonArray{QJsonObject{{"name", "a"},
                                                        {"rack", "r0"},
                                                        {"gpu_type", "A100-80G"},
                                                        {"gpus", 8},
                                                        {"intra_GBps", 600},
                                                        {"nic_gbps", 200},
                                                        {"count", 2}}}}}},
        {"jobs", list}};
    return QJsonDocument(root).toJson(QJsonDocument::Compact);
}

} // namespace

class TstEditors : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void addServerAndUndo_data();
    void addServerAndUndo();
    void rubberBandSelects();
    void dragServerToOtherRack();
    void wheelZooms();
    void copyPasteThroughEditMenu();
    void createModelJob();
    void createDurationJob();
    void darkPaletteToggles_data();
    void darkPaletteToggles();
    void jobIdsAreWhole_data();
    void jobIdsAreWhole();
    void graphNoteIsWholeAtDefaultSize_data();
    void graphNoteIsWholeAtDefaultSize();
    void filterJobs();
    void validationBlocksRun_data();
    void validationBlocksRun();
    void runComparison();
    void cancelLeavesNothing();
    void settingsPersist();

private:
    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
};

void TstEditors::initTestCase()
{
    QVERIFY(m_dir.isValid());
    // Settings go to a private folder, never to the user's.
    QCoreApplication::setOrganizationName(QStringLiteral("GantryTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_editors"));
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_dir.filePath("settings"));
}

void TstEditors::init()
{
    QSettings().clear();
    m_window = std::make_unique<MainWindow>();
    m_window->setInteractive(false);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QVERIFY2(m_window->openFile(sample("two-racks.json")), qPrintable(m_window->lastError()));
    m_window->showTab(MainWindow::Tab::Cluster);
}

void TstEditors::cleanup()
{
    m_window.reset();
}

void TstEditors::addServerAndUndo_data()
{
    QTest::addColumn<QString>("how");
    QTest::newRow("toolbar") << QStringLiteral("toolbar");
    QTest::newRow("drag and drop") << QStringLiteral("drop");
}

void TstEditors::addServerAndUndo()
{
    QFETCH(QString, how);
    MainWindow& w = *m_window;
    ClusterScene* scene = w.clusterEditor()->scene();
    ProjectDocument* doc = w.document();
    const int servers = int(doc->current().cluster.servers.size());
    const int gpus = doc->current().cluster.totalGpus();
    QCOMPARE(int(scene->serverItems().size()), servers);
    QCOMPARE(int(scene->rackItems().size()), 2);

    if (how == QLatin1String("toolbar")) {
        doc->setSelection({Selection::Kind::Rack, {1}});
        action(*w.clusterEditor(), "addServerAction")->trigger();
    } else {
        // What the palette's drag delivers, dropped in the middle of rack 1.
        QMimeData mime;
        mime.setData(ClusterScene::GpuTypeMimeType, QByteArrayLiteral("H200"));
        QGraphicsSceneDragDropEvent drop(QEvent::GraphicsSceneDrop);
        drop.setMimeData(&mime);
        drop.setScenePos(scene->rackItems()[1]->boundingRect().center());
        drop.setPossibleActions(Qt::CopyAction);
        drop.setProposedAction(Qt::CopyAction);
        QApplication::sendEvent(scene, &drop);
        QVERIFY(drop.isAccepted());
    }
    QTRY_COMPARE(int(doc->current().cluster.servers.size()), servers + 1);
    QCOMPARE(int(scene->serverItems().size()), servers + 1);
    const int added = doc->selection().indices.front();
    QCOMPARE(doc->current().cluster.servers[std::size_t(added)].rack, 1);
    QCOMPARE(doc->current().cluster.totalGpus(), gpus + 8);
    QVERIFY(scene->serverItems()[std::size_t(added)]->isSelected());
    QCOMPARE(scene->serverItems()[std::size_t(added)]->cellCount(), 8);
    const QString type =
        how == QLatin1String("drop") ? QStringLiteral("H200") : QStringLiteral("T4");
    const auto& c = doc->current().cluster;
    QCOMPARE(c.gpuTypes[std::size_t(c.servers[std::size_t(added)].gpuType)].name, type);
    // Its GPU cells wear the type's colour, different from its neighbours'.
    QVERIFY(scene->serverItems()[std::size_t(added)]->cellColor() !=
            scene->serverItems()[std::size_t(added) - 1]->cellColor());
    QVERIFY(w.isModified());

    QAction* undo = action(w, "undoAction");
    QVERIFY(undo->isEnabled());
    undo->trigger();
    QCOMPARE(int(doc->current().cluster.servers.size()), servers);
    QCOMPARE(int(scene->serverItems().size()), servers);
    QCOMPARE(doc->current().cluster.totalGpus(), gpus);
    QVERIFY(!undo->isEnabled());
    action(w, "redoAction")->trigger();
    QCOMPARE(int(scene->serverItems().size()), servers + 1);
}

void TstEditors::rubberBandSelects()
{
    MainWindow& w = *m_window;
    auto* view = w.clusterEditor()->view();
    ClusterScene* scene = w.clusterEditor()->scene();
    view->resetTransform();
    view->centerOn(scene->rackItems()[1]->boundingRect().center());
    QCoreApplication::processEvents();
    // A band over the lower half of rack 1 catches the servers there, not rack 0's.
    const QRectF rack = scene->rackItems()[1]->boundingRect();
    const QPoint a = view->mapFromScene(rack.left() - 5, rack.top() + 30);
    const QPoint b = view->mapFromScene(rack.right() + 5, rack.bottom() - 4);
    QVERIFY(view->viewport()->rect().contains(a) && view->viewport()->rect().contains(b));
    drag(view->viewport(), a, b);
    const Selection s = w.document()->selection();
    QCOMPARE(s.kind, Selection::Kind::Server);
    QVERIFY(s.indices.size() >= 2);
    for (int i : s.indices)
        QCOMPARE(w.document()->current().cluster.servers[std::size_t(i)].rack, 1);
    // The property panel follows.
    QCOMPARE(w.propertyPanel()->page(), Selection::Kind::Server);
}

void TstEditors::dragServerToOtherRack()
{
    MainWindow& w = *m_window;
    auto* view = w.clusterEditor()->view();
    ClusterScene* scene = w.clusterEditor()->scene();
    ProjectDocument* doc = w.document();
    view->resetTransform();
    view->centerOn(scene->itemsBoundingRect().center());
    QCoreApplication::processEvents();
    const int before0 = int(std::count_if(doc->current().cluster.servers.begin(),
                                          doc->current().cluster.servers.end(),
                                          [](const auto& s) { return s.rack == 0; }));
    // Server 4 (a100-0, rack 1) dragged into the empty part of rack 0.
    const QPointF from = scene->serverItems()[4]->homeRect().center();
    const QRectF rack0 = scene->rackItems()[0]->boundingRect();
    const QPointF to(rack0.center().x(), rack0.bottom() - 10);
    drag(view->viewport(), view->mapFromScene(from), view->mapFromScene(to));
    QTRY_COMPARE(int(std::count_if(doc->current().cluster.servers.begin(),
                                   doc->current().cluster.servers.end(),
                                   [](const auto& s) { return s.rack == 0; })),
                 before0 + 1);
    const int moved = doc->selection().indices.front();
    QCOMPARE(doc->current().cluster.servers[std::size_t(moved)].name, QStringLiteral("a100-0"));
    QVERIFY(doc->undoStack()->undoText().contains(QStringLiteral("Move")));
    doc->undoStack()->undo();
    QCOMPARE(doc->current().cluster.servers[4].name, QStringLiteral("a100-0"));
    QCOMPARE(doc->current().cluster.servers[4].rack, 1);
}

void TstEditors::wheelZooms()
{
    auto* view = m_window->clusterEditor()->view();
    view->resetTransform();
    const QPoint centre = view->viewport()->rect().center();
    auto wheel = [&](int delta) {
        QWheelEvent e(QPointF(centre), QPointF(view->viewport()->mapToGlobal(centre)), QPoint(),
                      QPoint(0, delta), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(view->viewport(), &e);
    };
    wheel(120);
    QVERIFY(view->zoom() > 1.1);
    wheel(-240);
    QVERIFY(view->zoom() < 1.0);
    for (int i = 0; i < 50; ++i)
        wheel(-120);
    QCOMPARE(view->zoom(), gantry::ui::ClusterView::MinZoom);
}

void TstEditors::copyPasteThroughEditMenu()
{
    MainWindow& w = *m_window;
    ProjectDocument* doc = w.document();
    const int servers = int(doc->current().cluster.servers.size());
    doc->setSelection({Selection::Kind::Server, {0, 1}});
    QVERIFY(action(w, "copyAction")->isEnabled());
    action(w, "copyAction")->trigger();
    QVERIFY(ProjectDocument::canPaste(QApplication::clipboard()->mimeData()));
    QVERIFY(w.paste());
    QCOMPARE(int(doc->current().cluster.servers.size()), servers + 2);
    QCOMPARE(int(w.clusterEditor()->scene()->serverItems().size()), servers + 2);
    QVERIFY(doc->problems().empty());
    // Cut takes the pasted pair away again; delete removes one more.
    action(w, "cutAction")->trigger();
    QCOMPARE(int(doc->current().cluster.servers.size()), servers);
    doc->setSelection({Selection::Kind::Server, {0}});
    action(w, "deleteAction")->trigger();
    QCOMPARE(int(doc->current().cluster.servers.size()), servers - 1);
}

void TstEditors::createModelJob()
{
    MainWindow& w = *m_window;
    w.showTab(MainWindow::Tab::Jobs);
    gantry::ui::JobsEditor* editor = w.jobsEditor();
    ProjectDocument* doc = w.document();
    const int jobs = int(doc->current().jobs.size());
    QCOMPARE(editor->proxy()->rowCount(), jobs);

    bool sawProblem = false;
    QTimer::singleShot(0, this, [&] {
        auto* dialog =
            qobject_cast<gantry::ui::NewModelJobDialog*>(QApplication::activeModalWidget());
        if (!dialog)
            return;
        auto* ok = dialog->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok);
        QVERIFY(dialog->setModel(QStringLiteral("llama-7b")));
        dialog->setParallelism(2, 2, 3); // 32 heads: tp 3 does not divide them
        sawProblem = !dialog->problem().isEmpty() && !ok->isEnabled();
        dialog->setParallelism(2, 2, 2);
        dialog->setIterations(800, 5);
        dialog->findChild<QLineEdit*>(QStringLiteral("jobId"))->setText(QStringLiteral("llama"));
        QVERIFY2(dialog->problem().isEmpty(), qPrintable(dialog->problem()));
        QVERIFY(ok->isEnabled());
        ok->click();
    });
    w.findChild<QPushButton*>(QStringLiteral("newModelJobButton"))->click();
    QVERIFY(sawProblem);
    QCOMPARE(int(doc->current().jobs.size()), jobs + 1);
    const gantry::Job& job = doc->current().jobs.back();
    QCOMPARE(job.id, QStringLiteral("llama"));
    QCOMPARE(job.kind, gantry::JobKind::Model);
    QCOMPARE(job.iterations, 800.0);
    QCOMPARE(int(job.graph.workers.size()), 8);
    QCOMPARE(editor->proxy()->rowCount(), jobs + 1);
    QCOMPARE(editor->table()->selectionModel()->selectedRows().size(), 1);
    // The graph shows 8 workers; the tensor-parallel pair inside a stage carries more than the
    // data-parallel pair between replicas, so its edge is wider.
    auto* graph = editor->graphView();
    QCOMPARE(graph->nodeCount(), 8);
    QVERIFY(graph->edgeCount() >= 8);
    const double tp = graph->edgeWidth(0, 1); // (a0, p0, t0) - (a0, p0, t1)
    const double dp = graph->edgeWidth(0, 4); // (a0, p0, t0) - (a1, p0, t0)
    QVERIFY2(tp > 0 && dp > 0 && tp != dp, qPrintable(QStringLiteral("%1 %2").arg(tp).arg(dp)));
    // Stage 1 is to the right of stage 0; replica 1 below replica 0.
    QVERIFY(graph->nodePos(2).x() > graph->nodePos(0).x());
    QVERIFY(graph->nodePos(4).y() > graph->nodePos(0).y());
    QVERIFY(doc->problems().empty());
    action(w, "undoAction")->trigger();
    QCOMPARE(editor->proxy()->rowCount(), jobs);
}

void TstEditors::darkPaletteToggles_data()
{
    QTest::addColumn<bool>("dark");
    QTest::newRow("dark") << true;
    QTest::newRow("light again") << false;
}

// View > Dark Palette turns the whole application dark (light text on dark windows and fields)
// and back, and the choice is kept for the next launch.
void TstEditors::darkPaletteToggles()
{
    QFETCH(bool, dark);
    QAction* toggle = action(*m_window, "darkPaletteAction");
    toggle->setChecked(true);
    if (!dark)
        toggle->setChecked(false);
    const QPalette p = QApplication::palette();
    QCOMPARE(p.color(QPalette::Window).lightness() < 128, dark);
    QCOMPARE(p.color(QPalette::Base).lightness() < 128, dark);
    // Text always stands out from its background.
    QVERIFY(std::abs(p.color(QPalette::Text).lightness() - p.color(QPalette::Base).lightness()) >
            128);
    QCOMPARE(QSettings().value(QStringLiteral("darkPalette")).toBool(), dark);
    // The welcome banner, built before the switch, follows it: its background and its text
    // are the new palette's, as far apart as the palette's own pair.
    auto* banner = m_window->findChild<QWidget*>(QStringLiteral("welcomeBanner"));
    auto* text = m_window->findChild<QWidget*>(QStringLiteral("welcomeText"));
    QVERIFY(banner && text);
    QCoreApplication::processEvents(); // as the window's event loop does after the switch
    const QColor back = banner->palette().color(banner->backgroundRole());
    QCOMPARE(back, p.color(QPalette::AlternateBase));
    QCOMPARE(back.lightness() < 128, dark);
    QVERIFY(std::abs(text->palette().color(QPalette::WindowText).lightness() - back.lightness()) >
            100);
    // An unticked box in a list stands out from the dark field behind it: its frame is as
    // light as muted text (the window's shade, the style's own outline, is the field's).
    if (dark) {
        QListWidget list;
        auto* item = new QListWidgetItem(QString(), &list);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
        item->setCheckState(Qt::Unchecked);
        list.resize(120, 60);
        list.show();
        QVERIFY(QTest::qWaitForWindowExposed(&list));
        const QImage image = list.viewport()->grab().toImage();
        const QRect row = list.visualItemRect(item);
        int lightest = 0;
        for (int y = row.top(); y <= row.bottom(); ++y)
            for (int x = row.left(); x <= row.right(); ++x)
                lightest = std::max(lightest, image.pixelColor(x, y).lightness());
        QVERIFY2(lightest > 100, qPrintable(QString::number(lightest)));
    }
    toggle->setChecked(false); // the next tests see the usual palette
}

void TstEditors::jobIdsAreWhole_data()
{
    QTest::addColumn<QString>("file");
    QTest::newRow("two racks") << sample("two-racks.json");
    QTest::newRow("teaching") << sample("teaching.json");
}

// The job table's Job column is as wide as the longest id ("3d-d2p2t4-gpt-30b" was cut to
// "3d-d2p2t4-...").
void TstEditors::jobIdsAreWhole()
{
    QFETCH(QString, file);
    MainWindow& w = *m_window;
    QVERIFY2(w.openFile(file), qPrintable(w.lastError()));
    w.showTab(MainWindow::Tab::Jobs);
    QTableView* table = w.jobsEditor()->table();
    const QFontMetrics fm(table->font());
    int widest = 0;
    QString longest;
    for (const gantry::Job& j : w.document()->current().jobs)
        if (fm.horizontalAdvance(j.id) > widest) {
            widest = fm.horizontalAdvance(j.id);
            longest = j.id;
        }
    QVERIFY(widest > 0);
    QVERIFY2(table->columnWidth(0) >= widest,
             qPrintable(QStringLiteral("%1 needs %2 px, the column has %3")
                            .arg(longest)
                            .arg(widest)
                            .arg(table->columnWidth(0))));
}

void TstEditors::graphNoteIsWholeAtDefaultSize_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<int>("workers");
    QTest::addColumn<QString>("note");
    const QString id = QStringLiteral("a-job-with-a-rather-long-name-from-a-trace");
    QTest::newRow("duration") << int(gantry::JobKind::Duration) << 0
                              << id + QStringLiteral(
                                          ": a duration job on 8 GPUs, no communication graph");
    QTest::newRow("no graph") << int(gantry::JobKind::Model) << 0
                              << id + QStringLiteral(
                                          ": no graph (its model and parallelism do not fit)");
    QTest::newRow("too big") << int(gantry::JobKind::Graph) << 3000
                             << id + QStringLiteral(": 3000 workers, 0 edges (too many to draw)");
}

// A job without a drawable graph shows a note saying why; at the window's default size the
// note wraps inside the view instead of being cut at its right edge ("j1: no graph (its model
// and par").
void TstEditors::graphNoteIsWholeAtDefaultSize()
{
    QFETCH(int, kind);
    QFETCH(int, workers);
    QFETCH(QString, note);
    MainWindow& w = *m_window;
    w.showTab(MainWindow::Tab::Jobs);
    gantry::Job job;
    job.id = QStringLiteral("a-job-with-a-rather-long-name-from-a-trace");
    job.kind = gantry::JobKind(kind);
    job.gpus = 8;
    job.graph.workers.resize(std::size_t(workers));
    auto* graph = w.jobsEditor()->graphView();
    graph->setJob(&job);
    QCOMPARE(graph->note(), note);
    QCOMPARE(graph->nodeCount(), 0);
    const QRect shown = graph->noteRect();
    QVERIFY2(graph->viewport()->rect().contains(shown),
             qPrintable(QStringLiteral("note %1,%2 %3x%4 in a %5x%6 view")
                            .arg(shown.x())
                            .arg(shown.y())
                            .arg(shown.width())
                            .arg(shown.height())
                            .arg(graph->viewport()->width())
                            .arg(graph->viewport()->height())));
    // Still whole when the view narrows: it wraps onto more lines.
    graph->resize(graph->width() / 2, graph->height());
    QVERIFY(graph->viewport()->rect().contains(graph->noteRect()));
    QVERIFY(graph->noteRect().height() > shown.height());
}

// New duration job adds a trace-like job (one GPU for an hour) as one undoable edit, selects it
// and lets the property panel set its GPUs and seconds, which the Duration column shows.
void TstEditors::createDurationJob()
{
    MainWindow& w = *m_window;
    w.showTab(MainWindow::Tab::Jobs);
    gantry::ui::JobsEditor* editor = w.jobsEditor();
    ProjectDocument* doc = w.document();
    // The job table's model keeps Qt's model contract through adds, edits and undos.
    QAbstractItemModelTester tester(editor->proxy()->sourceModel(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    const int jobs = int(doc->current().jobs.size());
    const int undo = doc->undoStack()->count();
    w.findChild<QPushButton*>(QStringLiteral("newDurationJobButton"))->click();
    QCOMPARE(int(doc->current().jobs.size()), jobs + 1);
    QCOMPARE(doc->undoStack()->count(), undo + 1);
    const gantry::Job added = doc->current().jobs.back();
    QCOMPARE(added.kind, gantry::JobKind::Duration);
    QCOMPARE(added.gpus, 1);
    QCOMPARE(added.durationS, 3600.0);
    QVERIFY(!added.id.isEmpty());
    QCOMPARE(editor->proxy()->rowCount(), jobs + 1);
    QCOMPARE(doc->selection().kind, gantry::ui::Selection::Kind::Job);
    QCOMPARE(doc->selection().indices, std::vector<int>{jobs});
    QVERIFY(doc->problems().empty());
    QVERIFY(doc->setJobField(jobs, QStringLiteral("gpus"), 4));
    QVERIFY(doc->setJobField(jobs, QStringLiteral("duration_s"), 900.0));
    using M = gantry::ui::JobTableModel;
    const QAbstractItemModel* model = editor->proxy()->sourceModel();
    QCOMPARE(model->index(jobs, M::Duration).data().toString(), QStringLiteral("900"));
    QCOMPARE(model->index(jobs, M::Gpus).data().toInt(), 4);
    QVERIFY(model->index(jobs, M::Iterations).data().toString().isEmpty());
    action(w, "undoAction")->trigger();
    action(w, "undoAction")->trigger();
    action(w, "undoAction")->trigger();
    QCOMPARE(int(doc->current().jobs.size()), jobs);
}

void TstEditors::filterJobs()
{
    gantry::ui::JobsEditor* editor = m_window->jobsEditor();
    const int all = editor->proxy()->rowCount();
    QTest::keyClicks(editor->filterEdit(), QStringLiteral("bert"));
    QVERIFY(editor->proxy()->rowCount() >= 1);
    QVERIFY(editor->proxy()->rowCount() < all);
    for (int r = 0; r < editor->proxy()->rowCount(); ++r) {
        bool match = false;
        for (int c = 0; c < editor->proxy()->columnCount(); ++c)
            match = match || editor->proxy()->index(r, c).data().toString().contains(
                                 QStringLiteral("bert"), Qt::CaseInsensitive);
        QVERIFY(match);
    }
    editor->filterEdit()->clear();
    QCOMPARE(editor->proxy()->rowCount(), all);
    // Sorting by GPUs is numeric, not by text.
    editor->table()->sortByColumn(3, Qt::DescendingOrder);
    double last = 1e18;
    for (int r = 0; r < editor->proxy()->rowCount(); ++r) {
        const double g =
            editor->proxy()->index(r, 3).data(gantry::ui::JobTableModel::SortRole).toDouble();
        QVERIFY(g <= last);
        last = g;
    }
    // A duration job's seconds are under Duration, never under Iterations, and the other way
    // round for the others.
    using M = gantry::ui::JobTableModel;
    const QAbstractItemModel* model = editor->proxy()->sourceModel();
    QCOMPARE(model->headerData(M::Duration, Qt::Horizontal).toString(),
             QStringLiteral("Duration (s)"));
    const auto& jobs = m_window->document()->current().jobs;
    int durations = 0;
    for (int r = 0; r < model->rowCount(); ++r) {
        const bool duration = jobs[std::size_t(r)].kind == gantry::JobKind::Duration;
        durations += duration ? 1 : 0;
        const QString iterations = model->index(r, M::Iterations).data().toString();
        const QString seconds = model->index(r, M::Duration).data().toString();
        QCOMPARE(iterations.isEmpty(), duration);
        QCOMPARE(seconds.isEmpty(), !duration);
        if (duration)
            QCOMPARE(seconds.toDouble(), jobs[std::size_t(r)].durationS);
    }
    QVERIFY(durations > 0);
}

void TstEditors::validationBlocksRun_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<int>("index");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("error");  // under the field
    QTest::addColumn<bool>("committed"); // the document took the value

    const int rack = int(Selection::Kind::Rack), server = int(Selection::Kind::Server),
              job = int(Selection::Kind::Job);
    // Values the scenario file refuses never reach the document (tst_propertypanel has every
    // field); what only the rest of the scenario makes wrong is taken and blocks the run.
    QTest::newRow("server NIC negative") << server << 2 << "nic_gbps"
                                         << "-5"
                                         << "> 0" << false;
    QTest::newRow("server GPUs zero") << server << 0 << "gpus"
                                      << "0"
                                      << "1 to 1024" << false;
    QTest::newRow("server GPUs not a number") << server << 0 << "gpus"
                                              << "eight"
                                              << "not a number" << false;
    QTest::newRow("rack uplink zero") << rack << 1 << "uplink_gbps"
                                      << "0"
                                      << "> 0" << false;
    QTest::newRow("rack name taken") << rack << 1 << "name"
                                     << "rack-h100"
                                     << "duplicate" << true;
    QTest::newRow("job arrival negative") << job << 0 << "arrival_s"
                                          << "-1"
                                          << ">= 0" << false;
    QTest::newRow("job larger than the cluster") << job << 3 << "gpus"
                                                 << "100000"
                                                 << "needs 100000 GPUs" << true;
}

void TstEditors::validationBlocksRun()
{
    QFETCH(int, kind);
    QFETCH(int, index);
    QFETCH(QString, field);
    QFETCH(QString, text);
    QFETCH(QString, error);
    QFETCH(bool, committed);
    MainWindow& w = *m_window;
    ProjectDocument* doc = w.document();
    const gantry::Scenario before = doc->current();
    auto* runButton = w.findChild<QPushButton*>(QStringLiteral("runButton"));
    QVERIFY(runButton->isEnabled());

    doc->setSelection({Selection::Kind(kind), {index}});
    gantry::ui::PropertyPanel* panel = w.propertyPanel();
    QCOMPARE(panel->page(), Selection::Kind(kind));
    auto* edit = qobject_cast<QLineEdit*>(panel->editor(field));
    QVERIFY(edit);
    edit->setFocus();
    edit->selectAll();
    QTest::keyClicks(edit, text);
    QTest::keyClick(edit, Qt::Key_Return);

    QVERIFY2(panel->errorText(field).contains(error), qPrintable(panel->errorText(field)));
    if (!committed) {
        QCOMPARE(doc->current(), before); // refused text never reaches the document
        QVERIFY(runButton->isEnabled());
        return;
    }
    QVERIFY(!(doc->current() == before));
    QVERIFY(!doc->problems().empty());
    QCOMPARE(w.problemsList()->count(), int(doc->problems().size()));
    // The line names the item and the field as the panel labels it; the file's path is in
    // the tooltip.
    const QString shown = w.problemsList()->item(0)->text();
    QVERIFY2(shown.contains(gantry::ui::FieldLabels::of(field)), qPrintable(shown));
    QVERIFY2(!shown.contains(QLatin1Char('[')), qPrintable(shown)); // no "jobs[2]."
    QVERIFY(shown.contains(error));
    QVERIFY(w.problemsList()->item(0)->toolTip().contains(field));
    QVERIFY(!runButton->isEnabled());
    QVERIFY(w.findChild<QLabel*>(QStringLiteral("problemLabel"))->isVisible());
    QVERIFY(!w.startRun());
    QVERIFY(!w.isRunning());
    QVERIFY2(w.lastError().contains(field), qPrintable(w.lastError()));
    // The problem's line leads to the item.
    doc->setSelection({});
    int line = 0;
    while (line < int(doc->problems().size()) &&
           !(int(doc->problems()[std::size_t(line)].target) == kind &&
             doc->problems()[std::size_t(line)].index == index))
        ++line;
    QVERIFY(line < w.problemsList()->count());
    emit w.problemsList()->itemActivated(w.problemsList()->item(line));
    QCOMPARE(doc->selection(), (Selection{Selection::Kind(kind), {index}}));

    // Undo fixes it, and the run goes.
    action(w, "undoAction")->trigger();
    QCOMPARE(doc->current(), before);
    QCOMPARE(w.problemsList()->count(), 0);
    QVERIFY(panel->errorText(field).isEmpty());
    QVERIFY(runButton->isEnabled());
    w.setCheckedPolicies({QStringLiteral("fifo")});
    QVERIFY(w.startRun());
    QTRY_VERIFY_WITH_TIMEOUT(!w.isRunning(), RunTimeoutMs);
    QCOMPARE(w.lastOutcome(), MainWindow::Outcome::Completed);
}

void TstEditors::runComparison()
{
    MainWindow& w = *m_window;
    w.setCheckedPolicies({QStringLiteral("fifo"), QStringLiteral("asrpt")});
    QSignalSpy ended(&w, &MainWindow::runEnded);
    w.findChild<QPushButton*>(QStringLiteral("runButton"))->click();
    QVERIFY(w.isRunning());
    // Editing waits while the run goes.
    QVERIFY(!w.clusterEditor()->isEnabled());
    QVERIFY(!action(w, "undoAction")->isEnabled());
    QTRY_COMPARE_WITH_TIMEOUT(ended.count(), 1, RunTimeoutMs);
    QCOMPARE(ended.first().first().value<MainWindow::Outcome>(), MainWindow::Outcome::Completed);
    QVERIFY(w.clusterEditor()->isEnabled());

    const auto& runs = w.lastRuns();
    QCOMPARE(int(runs.size()), 2);
    const gantry::Scenario& s = w.scenario();
    for (const auto& r : runs) {
        QCOMPARE(r.result->jobs.size(), s.jobs.size());
        QCOMPARE(r.schedule->totalGpus, s.cluster.totalGpus());
        QVERIFY(r.schedule->segments.size() >= s.jobs.size());
        QVERIFY(r.ranOn && *r.ranOn == s);
    }
    QVERIFY(runs[0].schedule->virtualSlices.empty());  // fifo
    QVERIFY(!runs[1].schedule->virtualSlices.empty()); // asrpt's virtual machine
    QCOMPARE(w.comparisonModel()->rowCount(), 2);
    QCOMPARE(w.resultsPanel()->currentRun() >= 0, true);
    QCOMPARE(w.unsavedRunCount(), 2);

    // The runs appear under the scenario in the project tree, and stay there once saved.
    QTreeWidget* tree = w.projectTree();
    QCOMPARE(tree->topLevelItemCount(), 1);
    QCOMPARE(tree->topLevelItem(0)->childCount(), 2);
    QVERIFY(tree->topLevelItem(0)->child(0)->text(0).startsWith(QStringLiteral("fifo")));
    QVERIFY(tree->topLevelItem(0)->child(1)->text(0).contains(QStringLiteral("not saved")));
    QVERIFY(w.saveProjectAs(m_dir.filePath(QStringLiteral("runs.gantry"))));
    QCOMPARE(tree->topLevelItem(0)->childCount(), 2);
    QVERIFY(tree->topLevelItem(0)->child(1)->text(0).contains(QStringLiteral("(saved)")));
    QCOMPARE(w.unsavedRunCount(), 0);
}

void TstEditors::cancelLeavesNothing()
{
    MainWindow& w = *m_window;
    const QString big = m_dir.filePath(QStringLiteral("big.json"));
    QFile f(big);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bigScenario(20000));
    f.close();
    QVERIFY(w.openScenario(big));
    w.setCheckedPolicies({QStringLiteral("fifo"), QStringLiteral("sjf"), QStringLiteral("srtf")});
    auto* bar = w.findChild<QProgressBar*>(QStringLiteral("progressBar"));
    bool sent = false;
    connect(bar, &QProgressBar::valueChanged, this, [&](int v) {
        // Cancel inside the second policy's run.
        if (!sent && v > 400) {
            sent = true;
            w.cancelRun();
        }
    });
    QVERIFY(w.startRun());
    QTRY_VERIFY_WITH_TIMEOUT(!w.isRunning(), RunTimeoutMs);
    QVERIFY(sent);
    const auto& kept = w.document()->runs(0);
    qInfo("outcome %d, %d run(s) kept", int(w.lastOutcome()), int(kept.size()));
    QCOMPARE(int(kept.size()), w.comparisonModel()->rowCount());
    QCOMPARE(int(w.lastRuns().size()), int(kept.size()));
    if (w.lastOutcome() == MainWindow::Outcome::Cancelled)
        QVERIFY(kept.size() < 3);
    // Whatever was kept is whole: every job has a record, every schedule ends its segments.
    for (const auto& r : kept) {
        QCOMPARE(r.result->jobs.size(), std::size_t(20000));
        for (const auto& seg : r.schedule->segments)
            QVERIFY(seg.end != gantry::ScheduleSegment::End::Cut);
    }
    QCOMPARE(w.unsavedRunCount(), int(kept.size()));
}

void TstEditors::settingsPersist()
{
    const QString teaching = sample("teaching.json");
    QSize size;
    m_window.reset(); // its layout would be saved last otherwise
    {
        MainWindow first;
        first.setInteractive(false);
        first.show();
        QVERIFY(QTest::qWaitForWindowExposed(&first));
        QVERIFY(first.openFile(teaching));
        first.resize(900, 640);
        first.findChild<QDockWidget*>(QStringLiteral("problemsDock"))->hide();
        QCoreApplication::processEvents();
        size = first.size();
    } // saves the layout

    MainWindow second;
    second.show();
    QVERIFY(QTest::qWaitForWindowExposed(&second));
    QVERIFY(!second.recentFiles().isEmpty());
    QCOMPARE(second.recentFiles().front(), QFileInfo(teaching).absoluteFilePath());
    QCOMPARE(second.recentFiles().at(1), QFileInfo(sample("two-racks.json")).absoluteFilePath());
    auto* recent = second.findChild<QMenu*>(QStringLiteral("recentMenu"));
    QVERIFY(recent && recent->isEnabled());
    QCOMPARE(recent->actions().size(), 2);
    QCOMPARE(recent->actions().first()->text(), QStringLiteral("teaching.json"));
    QVERIFY(second.findChild<QDockWidget*>(QStringLiteral("problemsDock"))->isHidden());
    QVERIFY(!second.findChild<QDockWidget*>(QStringLiteral("propertiesDock"))->isHidden());
    QCOMPARE(second.size(), size);
    // The settings went to the test's own file.
    QVERIFY(QFileInfo(QSettings().fileName()).absoluteFilePath().startsWith(m_dir.path()));

    // Opening from the recent menu works.
    recent->actions().first()->trigger();
    QCOMPARE(second.scenario().name, QStringLiteral("teaching"));
}

QTEST_MAIN(TstEditors)
#include "tst_editors.moc"
