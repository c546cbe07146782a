// Precompiled header of Qt Core and the standard library for every target that does not use
// a GUI module (cmake/GantryPch.cmake). It only saves parsing time: every file still includes
// what it uses, and the build is the same with -DGANTRY_PCH=OFF.
#pragma once
#include <QByteArray>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QMap>
#include <QObject>
#include <QSet>
#include <QString>
#include <QStringList>
#include <QVariant>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>
