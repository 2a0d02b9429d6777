import Characters
