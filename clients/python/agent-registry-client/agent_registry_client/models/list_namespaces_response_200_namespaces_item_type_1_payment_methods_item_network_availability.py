from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.list_namespaces_response_200_namespaces_item_type_1_payment_methods_item_network_availability_additional_property import (
    ListNamespacesResponse200NamespacesItemType1PaymentMethodsItemNetworkAvailabilityAdditionalProperty,
)

T = TypeVar("T", bound="ListNamespacesResponse200NamespacesItemType1PaymentMethodsItemNetworkAvailability")


@_attrs_define
class ListNamespacesResponse200NamespacesItemType1PaymentMethodsItemNetworkAvailability:
    additional_properties: dict[
        str, ListNamespacesResponse200NamespacesItemType1PaymentMethodsItemNetworkAvailabilityAdditionalProperty
    ] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}
        for prop_name, prop in self.additional_properties.items():
            field_dict[prop_name] = prop.value

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        list_namespaces_response_200_namespaces_item_type_1_payment_methods_item_network_availability = cls()

        additional_properties = {}
        for prop_name, prop_dict in d.items():
            additional_property = (
                ListNamespacesResponse200NamespacesItemType1PaymentMethodsItemNetworkAvailabilityAdditionalProperty(
                    prop_dict
                )
            )

            additional_properties[prop_name] = additional_property

        list_namespaces_response_200_namespaces_item_type_1_payment_methods_item_network_availability.additional_properties = additional_properties
        return list_namespaces_response_200_namespaces_item_type_1_payment_methods_item_network_availability

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(
        self, key: str
    ) -> ListNamespacesResponse200NamespacesItemType1PaymentMethodsItemNetworkAvailabilityAdditionalProperty:
        return self.additional_properties[key]

    def __setitem__(
        self,
        key: str,
        value: ListNamespacesResponse200NamespacesItemType1PaymentMethodsItemNetworkAvailabilityAdditionalProperty,
    ) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
