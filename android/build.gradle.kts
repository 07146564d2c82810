// The Android Gradle plugin, declared once for the project (applied in app/).
plugins {
    id("com.android.application") version "8.7.3" apply false
}
