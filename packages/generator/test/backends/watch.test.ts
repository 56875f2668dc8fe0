import { describeWatch } from '../watch/watchScenarios.js';

describeWatch('ts7');
