import { configure } from '@testing-library/react';

// findBy…/waitFor wait up to 5 s instead of 1 s: a thread of 100 messages renders in
// well under a second alone, but CI runs two test files on two cores beside other
// work, and a slow render there is not a failure of the screen.
configure({ asyncUtilTimeout: 5000 });
