// Dokuz Taş on iOS: all of the app is the Rust library; this file only hands it the
// process.
#import <Foundation/Foundation.h>

#import "bindings.h"

int main(int argc, char *argv[]) {
    (void)argc;
    (void)argv;
    @autoreleasepool {
        main_rs();
    }
    return 0;
}
