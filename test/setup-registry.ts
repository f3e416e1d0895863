/**
 * Loads the check registry before every test file, as every face does before a check runs: the
 * registry installs what checks declare for each other (the links of meta.offers that the D3 and
 * D6 guides write), so a test that imports one check module sees the same guide a scan shows.
 */
import '../src/core/checks/index.js';
