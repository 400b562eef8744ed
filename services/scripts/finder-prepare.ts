// Makes sure the tariff finder has a model for the data and code of this checkout: loads the current one,
// or trains and saves one when there is none or it was made for other data or code (a first start takes
// one to four minutes on 2 cores). The start script runs it before the server, so that the server's own
// start stays short.
//   npm run finder:prepare
import { loadFinder } from '../src/finder/store.js';

loadFinder({ log: (message) => console.log(message) });
