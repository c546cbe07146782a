#pragma once

#include <QPointer>
#include <QWidget>

class QLineEdit;
class QSortFilterProxyModel;
class QTableView;

namespace gantry::ui {

class JobGraphView;
class JobTableModel;
class ProjectDocument;

/// The job editor tab: a filter box, the sortable job table (selection shared with the
/// document), the selected job's graph, and buttons for new model and graph jobs and delete.
class JobsEditor : public QWidget
{
    Q_OBJECT

public:
    /// An editor of document's current jobs.
    explicit JobsEditor(ProjectDocument* document, QWidget* parent = nullptr);
    /// Stops following the table's selection before the table goes.
    ~JobsEditor() override;

    /// The table's model (source of the proxy).
    JobTableModel* model() const { return m_model; }
    /// The sorting and filtering proxy the table shows.
    QSortFilterProxyModel* proxy() const { return m_proxy; }
    /// The table.
    QTableView* table() const { return m_table; }
    /// The filter box.
    QLineEdit* filterEdit() const { return m_filter; }
    /// The graph of the selected job.
    JobGraphView* graphView() const { return m_graph; }

public slots:
    /// Opens the "New model job" dialog; adds the job when accepted.
    void newModelJob();
    /// Opens the "New graph job" dialog; adds the job when accepted.
    void newGraphJob();
    /// Adds a duration job (one GPU for an hour, arriving with the last job) and selects it:
    /// its fields are edited in the property panel.
    void newDurationJob();

private:
    void pushSelection();
    void pullSelection();

    QPointer<ProjectDocument> m_document;
    JobTableModel* m_model;
    QSortFilterProxyModel* m_proxy;
    QTableView* m_table;
    QLineEdit* m_filter;
    JobGraphView* m_graph;
    bool m_syncing = false;
};

} // namespace gantry::ui
