// Precompiled header of the Qt Gui and Widgets classes most of the desktop front end uses, for
// gantry_ui and every target that links it (cmake/GantryPch.cmake). It only saves parsing time:
// every file still includes what it uses, and the build is the same with -DGANTRY_PCH=OFF.
#pragma once
#include "core.h"
#include <QAction>
#include <QApplication>
#include <QColor>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFontMetricsF>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QPainter>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QThread>
#include <QTimer>
#include <QVBoxLayout>
#include <QWidget>
#include <QtCharts/QChart>
