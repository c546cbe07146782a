#pragma once

#include <QDialog>
#include <QString>

class QComboBox;
class QLineEdit;
class QSpinBox;

namespace gantry::ui {

/// File > Import Trace: the format (TraceImporterRegistry), the file and how many jobs to keep,
/// with a note saying which cluster the jobs land on.
class TraceImportDialog : public QDialog
{
    Q_OBJECT

public:
    /// clusterOf: the scenario whose cluster the jobs land on, empty when none is open.
    explicit TraceImportDialog(const QString& clusterOf, QWidget* parent = nullptr);

    /// The chosen format.
    QString format() const;
    /// The chosen file, trimmed (empty when none).
    QString path() const;
    /// Jobs to keep at most, 0 for all.
    int limit() const;

private:
    QComboBox* m_format = nullptr;
    QLineEdit* m_path = nullptr;
    QSpinBox* m_limit = nullptr;
};

} // namespace gantry::ui
