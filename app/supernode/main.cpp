// The console window is being built; until it lands this program only says so.
#include <cstdio>
int main()
{
    std::fputs("supernode: the console window is not built in this revision; use supernodectl\n", stderr);
    return 1;
}
