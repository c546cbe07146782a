#pragma once

#include "document/selection.h"

#include <QHash>
#include <QString>
#include <QStringList>

class QCheckBox;
class QComboBox;
class QFontMetrics;
class QFormLayout;
class QLabel;
class QLineEdit;
class QWidget;

namespace gantry::ui {

class ElidedLabel;
class ProjectDocument;

/// One page of the property panel: a bold title (elided, whole in its tooltip) over a form of
/// fields, each field with a label under it for its problems. The scenario's, a rack's, the
/// servers' and the jobs' pages derive from it: they add their fields and fill them from the
/// document. The page does not edit the document; the panel connects its editors (editors()).
/// The page's widget is owned by the layout it goes in.
class PropertyPage
{
public:
    virtual ~PropertyPage() = default;
    PropertyPage(const PropertyPage&) = delete;
    PropertyPage& operator=(const PropertyPage&) = delete;

    /// The selection this page shows (None: the scenario).
    Selection::Kind kind() const { return m_kind; }
    /// The page's widget, hidden until the panel shows it.
    QWidget* widget() const { return m_widget; }
    /// The editors by field key.
    const QHash<QString, QWidget*>& editors() const { return m_editors; }
    /// The editor of field key, nullptr if the page has no such field.
    QWidget* editor(const QString& key) const { return m_editors.value(key); }

    /// Fills the fields from document's selection, of this page's kind, and current scenario.
    virtual void fill(const ProjectDocument& document) = 0;

    /// The field under which a problem of field key shows: key itself when the page has it,
    /// "dp" for a job's "parallelism", else the name (a job's id, the scenario's summary).
    QString fieldOf(const QString& key) const;
    /// Shows each field's messages under it (a field with none shows nothing) and outlines the
    /// fields that have some.
    void showMessages(const QHash<QString, QStringList>& messages);
    /// The whole message shown under field key (empty if none).
    QString shownError(const QString& key) const { return m_shownErrors.value(key); }

    /// The refusals of typed text by field, kept until the selection changes.
    const QHash<QString, QString>& refusals() const { return m_refusals; }
    /// Keeps message as the refusal of what was typed in field key.
    void setRefusal(const QString& key, const QString& message);
    /// Forgets the refusal of field key.
    void clearRefusal(const QString& key);
    /// Forgets every refusal.
    void clearRefusals();

protected:
    /// A hidden page of kind named objectName.
    PropertyPage(Selection::Kind kind, const QString& objectName);

    /// The text of the title.
    void setTitle(const QString& text);
    /// The form the fields are rows of.
    QFormLayout* form() const { return m_form; }
    /// A line edit for field key with label before it.
    QLineEdit* addLine(const QString& key, const QString& label);
    /// A combo box for field key, as wide as the field column (names cut with an ellipsis).
    QComboBox* addCombo(const QString& key, const QString& label);
    /// A combo box of names (the file's names as item data) shown as shown, with tips.
    QComboBox* addChoice(const QString& key, const QStringList& names, const QStringList& shown,
                         const QStringList& tips);
    /// A check box for field key.
    QCheckBox* addCheck(const QString& key, const QString& label);
    /// Short fields for keys (the parallel degrees) side by side, three to a row, in one row of
    /// the form; metrics (the panel's) size them.
    void addDegrees(const QStringList& keys, const QFontMetrics& metrics);
    /// editor as field key, with its problem label under it, in a row of the form.
    void addField(const QString& key, QWidget* editor, const QString& label);
    /// Shows or hides the row of field key.
    void setRowVisible(const QString& key, bool visible);
    /// Shows text in editor without a signal: a line edit's text (then not modified), a label's,
    /// a combo box's item of that data or text, a check box checked for "true".
    static void setText(QWidget* editor, const QString& text);
    /// v as a field shows a number: up to 12 significant digits.
    static QString number(double v);

private:
    static QLabel* newErrorLabel(const QString& key);

    Selection::Kind m_kind;
    QWidget* m_widget;
    QFormLayout* m_form;
    ElidedLabel* m_title;
    QHash<QString, QWidget*> m_editors;
    QHash<QString, QLabel*> m_errors;
    QHash<QString, QString> m_refusals;    // refused text, until the selection changes
    QHash<QString, QString> m_shownErrors; // the whole message under each field
};

} // namespace gantry::ui
