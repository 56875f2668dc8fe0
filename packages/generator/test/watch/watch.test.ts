import { describeWatch } from './watchScenarios.js';

describeWatch('ts6');
