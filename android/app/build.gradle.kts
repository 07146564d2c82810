// The game is Rust: `cargo ndk` builds libdokuz_tas_mobile.so into src/main/jniLibs, and
// Android's own NativeActivity loads it (AndroidManifest.xml). No Java or Kotlin code.
plugins {
    id("com.android.application")
}

android {
    namespace = "org.dokuztas.game"
    compileSdk = 35
    ndkVersion = "27.2.12479018"

    defaultConfig {
        applicationId = "org.dokuztas.game"
        // Android 9: Vulkan 1.1 on every device that has Vulkan, adaptive icons.
        minSdk = 28
        targetSdk = 35
        versionCode = 1
        versionName = "0.1.0"
        ndk {
            abiFilters += listOf("arm64-v8a")
        }
    }

    sourceSets {
        getByName("main") {
            // the game's shared assets, the same folder the desktop build reads
            assets.srcDirs("../../assets")
            jniLibs.srcDirs("src/main/jniLibs")
        }
    }

    buildTypes {
        getByName("release") {
            isMinifyEnabled = false
            // signing is the publisher's: `signingConfig` is left to the release machine
        }
    }

    packaging {
        jniLibs {
            // NativeActivity loads the library from the APK's lib folder
            useLegacyPackaging = true
        }
    }
}
