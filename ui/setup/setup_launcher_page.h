#pragma once
// The console's Setup page: what the setup wizard does, and the button that opens it (the
// wizard is its own window, so the console keeps running while it works).

#include <QWidget>

namespace sn {

class SetupLauncherPage : public QWidget {
    Q_OBJECT
public:
    explicit SetupLauncherPage(QWidget *parent = nullptr);

signals:
    void openRequested();
};

} // namespace sn
