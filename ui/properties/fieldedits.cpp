#include "fieldedits.h"

#include "document/fieldrules.h"
#include "document/projectdocument.h"
#include "propertypage.h"

#include <QHash>
#include <QStringList>

#include <algorithm>

namespace gantry::ui {

namespace {

// The message under a field whose typed text was refused.
QString refusal(const QString& text, const QString& error)
{
    const QString typed = text.trimmed();
    if (typed.isEmpty() || error.startsWith(QLatin1Char('"')))
        return error;
    return QObject::tr("\"%1\" refused: %2").arg(typed, error);
}

} // namespace

void FieldEdits::typed(ProjectDocument* document, PropertyPage& page, const QString& key,
                       const QString& text)
{
    const FieldRules::Outcome checked = FieldRules::check(page.kind(), key, text);
    page.clearRefusal(key);
    if (checked.ok())
        commit(document, page.kind(), key, checked.value);
    else
        page.setRefusal(key, refusal(text, checked.error));
}

void FieldEdits::commit(ProjectDocument* document, Selection::Kind kind, const QString& key,
                        const QVariant& value)
{
    if (!document)
        return;
    const Selection s = document->selection();
    switch (kind) {
    case Selection::Kind::None:
        if (key == QLatin1String("name"))
            document->setScenarioName(value.toString());
        break;
    case Selection::Kind::Rack:
        for (int r : s.indices)
            if (key != QLatin1String("name") || s.indices.size() == 1)
                document->setRackField(r, key, value);
        break;
    case Selection::Kind::Server:
        if (key == QLatin1String("count")) {
            if (s.indices.size() == 1)
                document->setServerCount(s.indices.front(), value.toInt());
        } else {
            document->setServerField(s.indices, key, value);
        }
        break;
    case Selection::Kind::Job:
        if (s.indices.size() == 1)
            document->setJobField(s.indices.front(), key, value);
        break;
    }
}

void FieldEdits::showErrors(const ProjectDocument* document, PropertyPage& page,
                            const std::vector<int>& indices)
{
    const Selection::Kind kind = page.kind();
    QHash<QString, QStringList> messages;
    for (auto it = page.refusals().constBegin(); it != page.refusals().constEnd(); ++it)
        messages[it.key()] << it.value();
    if (document)
        for (const Problem& p : document->problems()) {
            if (p.target != kind)
                continue;
            if (kind != Selection::Kind::None &&
                std::find(indices.begin(), indices.end(), p.index) == indices.end())
                continue;
            messages[page.fieldOf(p.field)] << p.message;
        }
    page.showMessages(messages);
}

} // namespace gantry::ui
