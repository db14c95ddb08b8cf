from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="GetDidDocumentResponse200")


@_attrs_define
class GetDidDocumentResponse200:
    """application/did+json: the DID document (did:web) of the name

    Attributes:
        context (list[str]):
        id (str):
        also_known_as (list[str]):
    """

    context: list[str]
    id: str
    also_known_as: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        context = self.context

        id = self.id

        also_known_as = self.also_known_as

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "@context": context,
                "id": id,
                "alsoKnownAs": also_known_as,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        context = cast(list[str], d.pop("@context"))

        id = d.pop("id")

        also_known_as = cast(list[str], d.pop("alsoKnownAs"))

        get_did_document_response_200 = cls(
            context=context,
            id=id,
            also_known_as=also_known_as,
        )

        get_did_document_response_200.additional_properties = d
        return get_did_document_response_200

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
