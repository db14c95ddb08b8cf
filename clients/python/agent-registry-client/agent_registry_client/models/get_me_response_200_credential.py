from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.get_me_response_200_credential_class import GetMeResponse200CredentialClass

T = TypeVar("T", bound="GetMeResponse200Credential")


@_attrs_define
class GetMeResponse200Credential:
    """
    Attributes:
        class_ (GetMeResponse200CredentialClass):
    """

    class_: GetMeResponse200CredentialClass

    def to_dict(self) -> dict[str, Any]:
        class_ = self.class_.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "class": class_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        class_ = GetMeResponse200CredentialClass(d.pop("class"))

        get_me_response_200_credential = cls(
            class_=class_,
        )

        return get_me_response_200_credential
