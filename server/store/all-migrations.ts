/** Imports every module that registers migrations, so migrate() sees them all. Add a line per module. */
import './identity';
