// The one function the app takes from libdokuz_tas_mobile.a (built from ../../mobile by
// ../build_rust_deps.sh). It starts the game: Bevy's winit backend calls
// UIApplicationMain inside it, so it returns only when the app ends.
#ifndef DOKUZ_TAS_BINDINGS_H
#define DOKUZ_TAS_BINDINGS_H

void main_rs(void);

#endif
