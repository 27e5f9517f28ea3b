#!/usr/bin/env node
// Committed entry point so that npm links the bin before the first build.
import "../dist/main.js";
