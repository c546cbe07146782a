#pragma once

#include "document/selection.h"

#include <QPointer>
#include <QWidget>

#include <map>
#include <memory>

class QScrollArea;

namespace gantry::ui {

class IterationBreakdownView;
class JobPage;
class ProjectDocument;
class PropertyPage;

/// The property panel: the fields of whatever is selected (a rack, servers, a job, or the
/// scenario when nothing is), each change an undo command through the document. Typed text is
/// checked with FieldRules first: a refused value (not a number, out of the file format's
/// range, empty) changes nothing and says why under its field; a taken one may still be a
/// problem of the scenario (a duplicate name, a job larger than the cluster), shown there too.
/// A model job's page also edits its training settings (combo boxes and a check box) and shows
/// its time per iteration on each GPU type of the cluster (IterationBreakdownView). The pages
/// scroll when the dock is shorter than they are. The pages are ScenarioPage, RackPage,
/// ServerPage and JobPage; FieldEdits turns their edits into commands and shows their problems.
class PropertyPanel : public QWidget
{
    Q_OBJECT

public:
    /// A panel for document's selection.
    explicit PropertyPanel(ProjectDocument* document, QWidget* parent = nullptr);
    /// Deletes the pages while the panel can still hear their last signals.
    ~PropertyPanel() override;

    /// The editor of field key ("name", "uplink_gbps", "gpus", "count"...) on the page shown,
    /// nullptr if the page has no such field.
    QWidget* editor(const QString& key) const;
    /// The problem shown under field key on the page shown (empty if none), whole: the label
    /// under the field cuts a long typed value or name in its middle and shows the whole
    /// message in its tooltip.
    QString errorText(const QString& key) const;
    /// Which page is shown: None (scenario), Rack, Server or Job.
    Selection::Kind page() const { return m_page; }
    /// The job page's iteration breakdown (shown for a single model job).
    IterationBreakdownView* breakdownView() const;

    /// As wide as the pages' fields and the scroll bar (the pages scroll only up and down); as
    /// tall as the page shown where the window leaves room.
    QSize minimumSizeHint() const override;
    /// Wide enough for a model job's breakdown to read well, as tall as the page shown.
    QSize sizeHint() const override;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void showEvent(QShowEvent* event) override;

public slots:
    /// Shows the page of the selection and fills it from the document.
    void refresh();
    /// Shows the page of the selection and gives the editor of field key the focus (a problem's
    /// field: "parallelism" stands for dp, a key without an editor for the name or id).
    void focusField(const QString& key);

private:
    // Connects the editors of page: typed text, a choice or a check edits the document.
    void watch(PropertyPage& page);
    // The page of kind.
    PropertyPage& pageOf(Selection::Kind kind) const;

    QPointer<ProjectDocument> m_document;
    QScrollArea* m_scroll;
    QWidget* m_stack; // the pages, the selection's shown
    JobPage* m_jobPage = nullptr;
    std::map<int, std::unique_ptr<PropertyPage>> m_pages; // by kind
    Selection::Kind m_page = Selection::Kind::None;
    bool m_filling = false;
};

} // namespace gantry::ui
