int stencilcc_test_user;
