module.exports = {
  plugins: {
    'postcss-preset-mantine': {},
    'postcss-simple-vars': {
      variables: {
        // Keep in step with MOBILE_BREAKPOINT_PX in src/constants.ts.
        'mantine-breakpoint-mobile': '1000px',
      },
    },
  },
};
