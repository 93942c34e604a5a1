/** Imports every module that registers migrations, so migrate() sees them all. Add a line per module. */
import './identity';
import './operations';
import './ephemeral';
import './laanc';
import './laanc-history';
import './callbacks';
import './sandbox-tfrs';
import './live';
import './profiles';
import './leases';
import './rate-limits';
import './datasets';
import './invites';
import './positions';
import './subscribers';
import './dems';
