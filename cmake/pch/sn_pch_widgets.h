// The core set and the Qt Widgets headers the pages and widgets use, for targets that link
// Qt6::Widgets (cmake/SnPch.cmake).
#pragma once

#include "cmake/pch/sn_pch_core.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPainter>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>
#include <QWidget>
