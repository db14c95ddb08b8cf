from enum import StrEnum


class RegisterDomainResponse402Type0Type1RequestMethod(StrEnum):
    POST = "POST"

    def __str__(self) -> str:
        return str(self.value)
